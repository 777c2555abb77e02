import { defineEntity, p } from '@mikro-orm/core';

/** Public-facing details of a user; `id` is the user's id. */
const ProfileSchema = defineEntity({
  name: 'Profile',
  tableName: 'profiles',
  properties: {
    id: p.uuid().primary(),
    email: p.string().length(254),
    firstName: p.string().length(100).nullable(),
    lastName: p.string().length(100).nullable(),
    schoolName: p.string().length(200).nullable(),
    gradeLevel: p.smallint().nullable(),
    orcidId: p.string().length(19).nullable().unique(),
    /** The name ORCID gave when the iD was linked, for the dashboard's card. */
    orcidName: p.string().length(200).nullable(),
    orcidLinkedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});

export class Profile extends ProfileSchema.class {}
ProfileSchema.setClass(Profile);
export { ProfileSchema };
