import { Transform } from 'class-transformer';

/** Trims strings; leaves anything else for the validators to refuse. Every DTO that trims uses this. */
export const Trim = () => Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value));
