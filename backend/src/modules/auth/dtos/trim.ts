import { Transform } from 'class-transformer';

/** Trims strings; leaves anything else for the validators to refuse. */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
