// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { creatorName, notificationActionText, reviewHref } from './notifications';

describe('notification texts (000 §2)', () => {
  it('reads NEW_MODEL_VERSION as a new model version', () => {
    expect(notificationActionText('NEW_MODEL_VERSION')).toBe('has added a new model version');
  });

  it('reads every other action as a file change', () => {
    expect(notificationActionText('FILES_MODIFIED')).toBe('has modified files in the model');
    expect(notificationActionText('SOMETHING_ELSE')).toBe('has modified files in the model');
  });

  it('reviews new versions on the detail page and file changes on the folder tab', () => {
    expect(reviewHref({ modelUuid: 'm-1', notificationAction: 'NEW_MODEL_VERSION' })).toBe(
      '/model/m-1/detail',
    );
    expect(reviewHref({ modelUuid: 'm-1', notificationAction: 'FILES_MODIFIED' })).toBe(
      '/model/m-1/detail?tab=folder',
    );
  });

  it('reads an access request whose e-mail failed as one, reviewed on the detail page', () => {
    expect(notificationActionText('ACCESS_REQUESTED')).toBe('has asked for access to the model');
    expect(reviewHref({ modelUuid: 'm-1', notificationAction: 'ACCESS_REQUESTED' })).toBe(
      '/model/m-1/detail',
    );
  });

  it('names the creator', () => {
    expect(creatorName({ createdBy: { id: 'leo', firstName: 'Leo', lastName: 'Lead' } })).toBe('Leo Lead');
    expect(creatorName({ createdBy: { id: 'leo', firstName: '', lastName: '' } })).toBe('leo');
  });
});
