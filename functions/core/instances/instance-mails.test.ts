import { defaultShareMessage } from '@shared/sub-models/sharing';
import { describe, expect, it } from 'vitest';
import { instanceLink, instanceShareMail } from './instance-mails';

const sender = { id: 'lead', firstName: 'Leo', lastName: 'Lead', email: 'leo.lead@example.com' };
const to = { id: 'owner', firstName: 'Olivia', lastName: 'Owner', email: 'olivia.owner@example.com' };

describe('the instance share e-mail', () => {
  it('goes to the one user with the message, and names the sharer, the model and the instance with links', () => {
    const mail = instanceShareMail({
      webUrl: 'https://repo.example.com',
      model: { uuid: 'u-1', name: 'Vaccine model' },
      instance: { id: 'I1', name: 'Base case' },
      sender,
      to,
      message: '  Please have a look.  ',
    });
    expect(mail.to).toEqual(['olivia.owner@example.com']);
    expect(mail.subject).toBe('Leo Lead shared an instance with you: Base case');
    const lines = mail.text.split('\n');
    expect(lines[0]).toBe('Please have a look.');
    expect(mail.text).toContain(
      'Instance "Base case": https://repo.example.com/model/u-1/instance/I1/detail',
    );
    expect(mail.text).toContain('Shared by Leo Lead (leo.lead@example.com) from Model Repository.');
    expect(mail.text).toContain('Model entry "Vaccine model": https://repo.example.com/model/u-1/detail');
  });

  it('invites once: the default message the dialog fills in is not repeated below it (issue 21 §11)', () => {
    const invitation = defaultShareMessage({
      sharerName: 'Leo Lead',
      modelName: 'Vaccine model',
      instanceName: 'Base case',
      link: 'https://repo.example.com/model/u-1/instance/I1/detail',
    });
    const mail = instanceShareMail({
      webUrl: 'https://repo.example.com',
      model: { uuid: 'u-1', name: 'Vaccine model' },
      instance: { id: 'I1', name: 'Base case' },
      sender,
      to,
      message: invitation,
    });
    expect(mail.text.split(invitation)).toHaveLength(2);
    const links = new Set(mail.text.match(/https:\/\/\S+\/instance\/\S+/g));
    expect([...links]).toEqual(['https://repo.example.com/model/u-1/instance/I1/detail']);
  });

  it('links the instance detail route of §2', () => {
    expect(instanceLink('http://w', 'a b', 'I/1')).toBe('http://w/model/a%20b/instance/I%2F1/detail');
  });
});
