// zod/mini ships without messages: every issue it reports reads "Invalid input" unless a
// locale is configured. Classic zod installs English the first time a schema is built; lib/api
// does the same here so that its messages (shown to people in `invalid-params` errors, and
// read by the reference service) stay what they were, for about 1 KB gzipped. A locale that
// was configured before wins, as it does with classic zod. Every page-facing schema module
// imports this; the modules the background worker reaches (endpoint, enums, endpoints/live)
// do not, because the worker shows no validation message and has a 40 KB budget.
import { config, globalConfig } from 'zod/v4/core';
import en from 'zod/v4/locales/en.js';

if (!globalConfig.localeError) config(en());
