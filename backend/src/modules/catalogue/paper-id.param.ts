import { uuidParam } from '../../common/http/uuid-param.pipe.js';
import { PaperNotFoundException } from './catalogue.exception.js';

/** A paper's `:id`: a malformed one is the paper that is not there (404), wherever the route lives. */
export const PAPER_ID = uuidParam(() => new PaperNotFoundException());
