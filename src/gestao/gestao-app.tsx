/**
 * The back office's frame: the login gate, the menu (by role), and its screens. Every screen is
 * usable by keyboard alone: a skip link, real links and buttons, labels on every field.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { NavLink, Navigate, Route, Routes } from 'react-router-dom';
import { LAST_MINUTE_ROLES } from '../common/gestao/last-minute';
import { CLASH_ACCEPT_ROLES } from '../common/programme/clash-acceptance';
import { maySee, PRINT_ROLES, ROLE_LABELS, ROLES, type RecordType, type Role } from '../common/gestao/roles';
import './gestao-app.css';
import { GestaoMenu } from './gestao-menu';
import { PasswordPrompt } from './credentials/password-prompt';
import { AccountScreen } from './screens/account/account-screen';
import { AuditScreen } from './screens/audit-screen';
import { EnrolmentScreen } from './screens/enrolment-screen';
import { FormsScreen } from './screens/forms-screen';
import { GridScreen } from './screens/grid-screen';
import { ImportScreen } from './screens/import-screen';
import { InvitationScreen } from './screens/invitation-screen';
import { LastMinuteScreen } from './screens/last-minute-screen';
import { LoginScreen } from './screens/login-screen';
import { PasswordResetScreen } from './screens/password-reset-screen';
import { PrintScreen } from './screens/print-screen';
import { PublishScreen } from './screens/publish-screen';
import { RecordScreen } from './screens/record-screen';
import { RECORD_PAGES, recordPage, RecordsScreen } from './screens/records-screen';
import { TranslationsScreen } from './screens/translations-screen';
import { UsersScreen } from './screens/team/users-screen';
import { useStaffSession } from './staff-session';

/** The roles that see a type in the menu: those who may change some of it, and Leitura. */
const seenBy = (type: RecordType) => ROLES.filter((role) => maySee(role, type));

/** A content type's menu entry: its list's page, under its shorter name if it has one. */
const listOf = (type: RecordType, roles?: readonly Role[]) => {
  const page = recordPage(type);
  return { to: `/${page.path}`, label: page.menuLabel ?? page.title, roles };
};

/** The menu, in order; an entry with roles is shown to those roles only. A content type's label is its page's, already worded. */
const MENU: { to: string; label: string | MessageDescriptor; roles?: readonly Role[] }[] = [
  listOf('movies'),
  listOf('news'),
  listOf('venues'),
  listOf('cities'),
  listOf('sections'),
  listOf('sponsors'),
  listOf('sponsor_groups'),
  listOf('posters'),
  listOf('custom_pages', seenBy('custom_pages')),
  listOf('menu_items', seenBy('menu_items')),
  listOf('travel_times', seenBy('travel_times')),
  listOf('history_editions', seenBy('history_editions')),
  listOf('settings', seenBy('settings')),
  listOf('press_items', seenBy('press_items')),
  listOf('programme_entries', seenBy('programme_entries')),
  { to: '/grelha', label: msg`Grelha`, roles: CLASH_ACCEPT_ROLES },
  { to: '/ultima-hora', label: msg`Alterações de última hora`, roles: LAST_MINUTE_ROLES },
  { to: '/programa-impresso', label: msg`Programa impresso`, roles: PRINT_ROLES },
  { to: '/importar-programa', label: msg`Importar e exportar programa`, roles: ['programacao', 'administracao'] },
  { to: '/traducoes', label: msg`Traduções` },
  { to: '/publicar', label: msg`Publicar` },
  { to: '/formularios', label: msg`Formulários`, roles: ['formularios', 'administracao'] },
  { to: '/equipa', label: msg`Equipa`, roles: ['administracao'] },
  { to: '/registo', label: msg`Registo`, roles: ['administracao'] },
];

/** Every type with a list and a record screen (the settings are one record, at their own page's address). */
const LISTED_TYPES = (Object.keys(RECORD_PAGES) as RecordType[]).filter((type) => type !== 'settings');

export function GestaoApp() {
  const { user, enrolmentRequired, logout } = useStaffSession();
  const { i18n, t } = useLingui();
  if (user === undefined) {
    return (
      <p role="status">
        <Trans>A carregar…</Trans>
      </p>
    );
  }
  if (user === null) {
    return (
      <Routes>
        <Route path="/convite/:token" element={<InvitationScreen />} />
        <Route path="/repor/:token" element={<PasswordResetScreen />} />
        <Route path="*" element={<LoginScreen />} />
      </Routes>
    );
  }
  // An administrator without a second factor: the server refuses everything else until it is set up.
  if (enrolmentRequired) return <EnrolmentScreen />;
  const admin = user.role === 'administracao';
  const forms = admin || user.role === 'formularios';
  const grid = (CLASH_ACCEPT_ROLES as readonly Role[]).includes(user.role);
  const menu = MENU.filter((item) => !item.roles || item.roles.includes(user.role)).map(({ to, label }) => ({
    to,
    label: typeof label === 'string' ? label : i18n._(label),
  }));
  return (
    <>
      <a className="gestao-visually-hidden gestao-skip" href="#conteudo">
        <Trans>Saltar para o conteúdo</Trans>
      </a>
      <header className="gestao-header">
        <p className="gestao-brand">
          <Trans>Gestão · 8½ Festa do Cinema Italiano</Trans>
        </p>
        <GestaoMenu items={menu} />
        <p className="gestao-user">
          <NavLink to="/conta">
            {user.email} · {ROLE_LABELS[user.role]}
          </NavLink>{' '}
          <button type="button" className="gestao-secondary" onClick={() => void logout()}>
            <Trans>Terminar sessão</Trans>
          </button>
        </p>
      </header>
      <PasswordPrompt />
      <main id="conteudo" className="gestao-main">
        <Routes>
          <Route path="/" element={<Navigate to="/filmes" replace />} />
          {LISTED_TYPES.map((type) => [
            <Route key={type} path={`/${recordPage(type).path}`} element={<RecordsScreen type={type} />} />,
            <Route key={`${type}-id`} path={`/${recordPage(type).path}/:id`} element={<RecordScreen key={type} type={type} />} />,
          ])}
          <Route path={`/${recordPage('settings').path}`} element={<RecordScreen type="settings" fixedId="settings" />} />
          <Route path="/grelha" element={grid ? <GridScreen /> : <p>{t`Só Programação e Administração trabalham a grelha.`}</p>} />
          <Route path="/traducoes" element={<TranslationsScreen />} />
          <Route path="/publicar" element={<PublishScreen />} />
          <Route
            path="/ultima-hora"
            element={
              LAST_MINUTE_ROLES.includes(user.role) ? (
                <LastMinuteScreen />
              ) : (
                <p>{t`Só Programação e Administração fazem alterações de última hora.`}</p>
              )
            }
          />
          <Route
            path="/programa-impresso"
            element={PRINT_ROLES.includes(user.role) ? <PrintScreen /> : <p>{t`Só quem vê o programa na gestão o pode imprimir.`}</p>}
          />
          <Route
            path="/importar-programa"
            element={
              admin || user.role === 'programacao' ? <ImportScreen /> : <p>{t`Só a Programação e a Administração importam o programa.`}</p>
            }
          />
          <Route path="/conta" element={<AccountScreen />} />
          <Route path="/formularios" element={forms ? <FormsScreen /> : <p>{t`Só Formulários e Administração leem os formulários.`}</p>} />
          <Route path="/equipa" element={admin ? <UsersScreen /> : <p>{t`Só a Administração gere a equipa.`}</p>} />
          <Route path="/registo" element={admin ? <AuditScreen /> : <p>{t`Só a Administração lê o registo.`}</p>} />
          {/* An invitation opened while logged in: the account exists, go on working. */}
          <Route path="/convite/:token" element={<Navigate to="/" replace />} />
          {/* A reset link ends every session of its account: opened while logged in, it waits for the logout. */}
          <Route path="/repor/:token" element={<p>{t`Esta ligação repõe uma palavra-passe: termine a sessão e abra-a de novo.`}</p>} />
          <Route path="*" element={<p>{t`Esta página da gestão não existe.`}</p>} />
        </Routes>
      </main>
    </>
  );
}
