// Bitbucket page detection with the document: the address (./url.ts), refined by whether a Data
// Center page shows a folder (`#browse-table`) or a file (`.file-content`), a pull request's
// title and its source branch.

import { withDocument } from '../document';
import { bitbucketDomFields } from './anchors';
import { type BitbucketHints, detectBitbucketUrl } from './url';

export const detectBitbucket = withDocument(
  detectBitbucketUrl,
  bitbucketDomFields,
  (doc): BitbucketHints => ({
    fileKind: () => {
      if (doc.querySelector('#browse-table')) return 'tree';
      if (doc.querySelector('.file-content')) return 'blob';
      return undefined;
    },
  }),
);
