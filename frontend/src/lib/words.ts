/** "1 pick", "2 picks": a count with its noun. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A number of points as boards show it: "1 pt", "3 pts". */
export const pointsLabel = (points: number): string => plural(points, 'pt');
