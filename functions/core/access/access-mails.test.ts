import { describe, expect, it } from 'vitest';
import { modelLink } from '../models/model-link';
import {
  accessGrantedMail,
  grantLink,
  grantLinks,
  joinReasons,
  modelAccessRequestMail,
  shareMail,
} from './access-mails';

const WEB = 'https://repo.example.com';
const UUID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const requester = { id: 'emp1', firstName: 'Emma', lastName: 'Employee', email: 'emma@example.com' };
const lead = { id: 'lead', firstName: 'Leo', lastName: 'Lead', email: 'leo@example.com' };

describe('grant links', () => {
  it('builds /model/<uuid>/detail?role=<ROLE>&userId=<isid>', () => {
    expect(grantLink(WEB, UUID, 'VIEWER', 'emp1')).toBe(
      `${WEB}/model/${UUID}/detail?role=VIEWER&userId=emp1`,
    );
  });

  it('offers Model Viewer and Model Owner only on entries that are not WebModel 2.0', () => {
    const links = grantLinks(WEB, { uuid: UUID, platform: 'Model Repository' }, 'emp1');
    expect(links.map((l) => [l.role, l.label])).toEqual([
      ['VIEWER', 'Model Viewer'],
      ['OWNER', 'Model Owner'],
    ]);
    expect(grantLinks(WEB, { uuid: UUID }, 'emp1').map((l) => l.role)).toEqual(['VIEWER', 'OWNER']);
  });

  it('adds the modeler and display roles on WebModel 2.0 entries', () => {
    const links = grantLinks(WEB, { uuid: UUID, platform: 'WebModel 2.0' }, 'emp1');
    expect(links.map((l) => l.role)).toEqual([
      'VIEWER',
      'CALIBRATORMODELER',
      'SCENARIOMODELER',
      'DISPLAYVIEWER',
      'OWNER',
    ]);
    expect(links[3]?.url).toBe(`${WEB}/model/${UUID}/detail?role=DISPLAYVIEWER&userId=emp1`);
  });

  it('encodes user ids that carry URL characters', () => {
    expect(grantLink(WEB, UUID, 'OWNER', 'a@b')).toBe(`${WEB}/model/${UUID}/detail?role=OWNER&userId=a%40b`);
  });

  it('links the file tab for file changes', () => {
    expect(modelLink(WEB, UUID, 'folder')).toBe(`${WEB}/model/${UUID}/detail?tab=folder`);
  });
});

describe('joinReasons', () => {
  it('joins the reasons with a line break and appends the details', () => {
    expect(
      joinReasons(['To inform a strategic policy, resource, or commercial decision', 'Other'], ' Audit '),
    ).toBe('To inform a strategic policy, resource, or commercial decision\nOther\nAudit');
  });

  it('leaves out empty details', () => {
    expect(joinReasons(['Other'], '  ')).toBe('Other');
    expect(joinReasons(['A', 'B'])).toBe('A\nB');
  });
});

describe('modelAccessRequestMail', () => {
  const mail = modelAccessRequestMail({
    webUrl: WEB,
    model: { uuid: UUID, name: 'Melanoma Markov', platform: 'Model Repository' },
    requester,
    to: ['leo@example.com', 'stella@example.com'],
    reasons: ['To create materials for internal use (e.g., training resources)', 'Other'],
    details: 'Budget planning',
  });

  it('goes to the managers with the model name in the subject', () => {
    expect(mail.to).toEqual(['leo@example.com', 'stella@example.com']);
    expect(mail.subject).toBe('Model access request: Melanoma Markov');
  });

  it('names the requester and carries the reasons joined with line breaks', () => {
    expect(mail.text).toContain('Emma Employee (emma@example.com, user id emp1)');
    expect(mail.text).toContain(
      'Reasons:\nTo create materials for internal use (e.g., training resources)\nOther\nBudget planning\n',
    );
  });

  it('carries one grant link per grantable role', () => {
    expect(mail.text).toContain(`- Model Viewer: ${WEB}/model/${UUID}/detail?role=VIEWER&userId=emp1`);
    expect(mail.text).toContain(`- Model Owner: ${WEB}/model/${UUID}/detail?role=OWNER&userId=emp1`);
    expect(mail.text).not.toContain('role=CALIBRATORMODELER');
  });
});

describe('accessGrantedMail and shareMail', () => {
  it('tells the grantee which access they got, with the model link', () => {
    const mail = accessGrantedMail({
      webUrl: WEB,
      model: { uuid: UUID, name: 'Melanoma Markov' },
      grantee: requester,
      grantedBy: lead,
      role: 'VIEWER',
    });
    expect(mail).toMatchObject({
      to: ['emma@example.com'],
      subject: 'Your access to Melanoma Markov has been granted',
    });
    expect(mail.text).toContain('Leo Lead has granted you Model Viewer access');
    expect(mail.text).toContain(`${WEB}/model/${UUID}/detail`);
  });

  it('sends the message to one recipient with the model link', () => {
    const mail = shareMail({
      webUrl: WEB,
      model: { uuid: UUID, name: 'Melanoma Markov' },
      sender: lead,
      to: requester,
      message: '  Have a look.  ',
    });
    expect(mail.to).toEqual(['emma@example.com']);
    expect(mail.subject).toBe('Leo Lead shared a model entry with you: Melanoma Markov');
    expect(mail.text.startsWith('Have a look.\n')).toBe(true);
    expect(mail.text).toContain(`Model entry "Melanoma Markov": ${WEB}/model/${UUID}/detail`);
  });
});
