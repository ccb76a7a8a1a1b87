import { describe, expect, it } from 'vitest';
import { createStaticRegistry, enumLabel, stateOptions, text, type Language } from '../../engine/index.ts';
import { usePortal } from './portal-server.ts';
import { entityTexts, ui } from './portal-texts.ts';
import { POLL } from './portal-page.ts';

/**
 * Training in the browser (issue 18): staff publish a class; a trainee enrols; staff take attendance
 * and enter the score in /training/attendance, start and complete the class (after a confirmation:
 * no action reopens it); /training/performance shows the trainee's score.
 */
const portalServer = usePortal();
const registry = createStaticRegistry();
const cls = registry.get('trainingClass');
const enrolment = registry.get('trainingEnrolment');

describe('training in the browser', () => {
  it.each<Language>(['zh-CN', 'en-US'])('a class is published, a trainee enrols, is graded, the class completes and performance shows the score (%s)', async (lang) => {
    const c = entityTexts(cls, lang);
    const region = (field: string, state: string) => stateOptions(cls, field, lang).find((o) => o.value === state)!.label;
    const title = `Colour fastness workshop ${lang}`;
    // A week ahead: the class starts by hand here, not on its date (lifecycle.dateEvents).
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

    // Staff: a course, a module and a class (through the API), published on its page.
    const staff = await portalServer.signedIn('staff', lang, '/training/class');
    const course = await staff.api<{ id: string }>('POST', '/api/entities/trainingCourse', { doc: { code: `C-${lang}`, name: `Textile basics ${lang}` } });
    const mod = await staff.api<{ id: string }>('POST', '/api/entities/trainingModule', { doc: { courseId: course.id, name: 'Colour fastness' } });
    const made = await staff.api<{ id: string }>('POST', '/api/entities/trainingClass', { doc: { moduleId: mod.id, title, startDate: day(7), endDate: day(8), passScore: 60 } });
    const classUrl = `${staff.baseUrl}/training/class/detail?id=${made.id}`;
    await staff.page.goto(classUrl);
    await staff.seeText(region('$publication', 'unpublished'), staff.page.getByTestId('detail-states'));
    await staff.act(c.action('PUBLISH'));
    await staff.seeText(region('$publication', 'published'), staff.page.getByTestId('detail-states'));
    await staff.shot('class-published');

    // The trainee enrols.
    const trainee = await portalServer.signedIn('applicant', lang, '/training/enrolment/form');
    await trainee.page.waitForURL(/\/training\/enrolment\/form$/);
    await trainee.pick('root_classId', title);
    await trainee.pick('root_account', '(applicant)');
    await trainee.page.getByTestId('form-save').click();
    await trainee.page.waitForURL(/\/training\/enrolment\/detail\?id=/);
    await trainee.shot('enrolled');

    // Staff take attendance and enter the score and result.
    await staff.page.goto(`${staff.baseUrl}/training/attendance`);
    const row = staff.page.locator('tr', { hasText: title });
    await row.waitFor();
    await row.getByTestId('inline-attendance').click();
    const option = (label: string) => staff.page.locator('.ant-select-dropdown:visible').getByTitle(label, { exact: true });
    await option(enumLabel(enrolment.schema.properties.attendance, 'present', lang)).click();
    await expect.poll(() => row.getByTestId('inline-attendance').textContent(), POLL).toContain(enumLabel(enrolment.schema.properties.attendance, 'present', lang));
    const score = row.getByRole('spinbutton');
    await score.fill('88');
    await score.blur();
    await expect.poll(async () => (await staff.api<{ items: { doc: { score?: number } }[] }>('GET', `/api/entities/trainingEnrolment?f.classId=${made.id}`)).items[0]?.doc.score, POLL).toBe(88);
    const pass = enumLabel(enrolment.schema.properties.result, 'pass', lang);
    await row.getByTestId('inline-result').click();
    await option(pass).click();
    await expect.poll(() => row.getByTestId('inline-result').textContent(), POLL).toContain(pass);
    await staff.shot('attendance');

    // The class starts and is completed after a confirmation; nothing reopens it.
    await staff.page.goto(classUrl);
    await staff.act(c.action('START'));
    await staff.act(c.action('COMPLETE'));
    await staff.act(c.action('CONFIRM_COMPLETION'), async (dialog) => {
      await staff.seeText(c.confirm('CONFIRM_COMPLETION'), dialog);
      await staff.button(c.action('CONFIRM_COMPLETION'), dialog).click();
    });
    await staff.seeText(region('$schedule', 'complete'), staff.page.getByTestId('detail-states'));
    for (const event of ['PUBLISH', 'UNPUBLISH', 'START', 'COMPLETE', 'CONFIRM_COMPLETION', 'KEEP_ONGOING']) {
      expect(await staff.button(c.action(event), staff.page.getByTestId('detail-actions')).count(), event).toBe(0);
    }
    await staff.shot('class-complete');

    // Performance shows the score, per trainee.
    await staff.page.goto(`${staff.baseUrl}/training/performance`);
    const line = staff.page.locator('tr', { hasText: '(applicant)' });
    await line.waitFor();
    await staff.seeText('88', line);
    await staff.seeText(ui(lang, 'training.performance.passRate'));
    await staff.page.getByTestId('performance-chart').locator('canvas').waitFor();
    await staff.shot('performance');
    expect(text(cls.entity.label, lang)).toBeTruthy();
    await staff.page.context().close();
    await trainee.page.context().close();
  });
});
