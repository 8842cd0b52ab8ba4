/**
 * The back office's frame: the login gate, the menu (by role), and its screens. Every screen is
 * usable by keyboard alone: a skip link, real links and buttons, labels on every field.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { NavLink, Navigate, Route, Routes, useLocation, type RouteObject } from 'react-router-dom';
import { LAST_MINUTE_ROLES } from '../common/gestao/last-minute';
import { CLASH_ACCEPT_ROLES } from '../common/programme/clash-acceptance';
import { maySee, PRINT_ROLES, ROLE_LABELS, ROLES, type RecordType, type Role } from '../common/gestao/roles';
import './styles/gestao-tokens.css';
import './styles/gestao-app.css';
import { GestaoMenu, type MenuGroup } from './gestao-menu';
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
import { StaffSessionProvider, useStaffSession } from './staff-session';
import { LostChangesNotice } from './feedback/lost-changes-notice';
import { ToastsProvider } from './feedback/toasts';
import { UnsavedChangesGuard } from './feedback/unsaved-changes-guard';

/** The roles that see a type in the menu: those who may change some of it, and Leitura. */
const seenBy = (type: RecordType) => ROLES.filter((role) => maySee(role, type));

/** A content type's menu entry: its list's page, under its shorter name if it has one. */
const listOf = (type: RecordType, roles?: readonly Role[]) => {
  const page = recordPage(type);
  return { to: `/${page.path}`, label: page.menuLabel ?? page.title, roles };
};

/** The menu's groups, in order: the festival's days first (a phone at the door opens it on "Alterações de última hora"). */
const GROUPS: Record<MenuGroup, MessageDescriptor> = {
  programa: msg`Programa`,
  conteudos: msg`Conteúdos`,
  publicacao: msg`Publicação`,
  pessoas: msg`Pessoas`,
  sistema: msg`Sistema`,
};

/** The menu, in order, by group; an entry with roles is shown to those roles only. A content type's label is its page's, already worded. */
const MENU: { to: string; label: string | MessageDescriptor; group: MenuGroup; roles?: readonly Role[] }[] = [
  { to: '/ultima-hora', label: msg`Alterações de última hora`, group: 'programa', roles: LAST_MINUTE_ROLES },
  { to: '/grelha', label: msg`Grelha`, group: 'programa', roles: CLASH_ACCEPT_ROLES },
  { ...listOf('movies'), group: 'programa' },
  { ...listOf('venues'), group: 'programa' },
  { ...listOf('cities'), group: 'programa' },
  { ...listOf('sections'), group: 'programa' },
  { ...listOf('travel_times', seenBy('travel_times')), group: 'programa' },
  { to: '/programa-impresso', label: msg`Programa impresso`, group: 'programa', roles: PRINT_ROLES },
  { to: '/importar-programa', label: msg`Importar e exportar programa`, group: 'programa', roles: ['programacao', 'administracao'] },
  { ...listOf('programme_entries', seenBy('programme_entries')), group: 'programa' },
  { ...listOf('news'), group: 'conteudos' },
  { ...listOf('custom_pages', seenBy('custom_pages')), group: 'conteudos' },
  { ...listOf('press_items', seenBy('press_items')), group: 'conteudos' },
  { ...listOf('posters'), group: 'conteudos' },
  { ...listOf('sponsors'), group: 'conteudos' },
  { ...listOf('sponsor_groups'), group: 'conteudos' },
  { ...listOf('history_editions', seenBy('history_editions')), group: 'conteudos' },
  { ...listOf('menu_items', seenBy('menu_items')), group: 'conteudos' },
  { to: '/traducoes', label: msg`Traduções`, group: 'publicacao' },
  { to: '/publicar', label: msg`Publicar`, group: 'publicacao' },
  { to: '/formularios', label: msg`Formulários`, group: 'pessoas', roles: ['formularios', 'administracao'] },
  { to: '/equipa', label: msg`Equipa`, group: 'pessoas', roles: ['administracao'] },
  { ...listOf('settings', seenBy('settings')), group: 'sistema' },
  { to: '/registo', label: msg`Registo`, group: 'sistema', roles: ['administracao'] },
];

/** Read again on each screen: a notice settled in another tab goes, and an outcome stays on its screen. */
function LostChangesOnEachScreen() {
  return <LostChangesNotice key={useLocation().pathname} />;
}

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
  const mine = MENU.filter((item) => !item.roles || item.roles.includes(user.role));
  const menu = (Object.keys(GROUPS) as MenuGroup[])
    .map((group) => ({
      group,
      label: i18n._(GROUPS[group]),
      items: mine
        .filter((item) => item.group === group)
        .map(({ to, label }) => ({ to, label: typeof label === 'string' ? label : i18n._(label) })),
    }))
    .filter((group) => group.items.length > 0);
  return (
    <ToastsProvider>
      <UnsavedChangesGuard>
        <a className="gestao-visually-hidden gestao-skip" href="#conteudo">
          <Trans>Saltar para o conteúdo</Trans>
        </a>
        <header className="gestao-header">
          <p className="gestao-brand">
            <Trans>Gestão · 8½ Festa do Cinema Italiano</Trans>
          </p>
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
        <div className="gestao-body">
          <GestaoMenu groups={menu} />
          <main id="conteudo" className="gestao-main">
            <LostChangesOnEachScreen />
            <Routes>
              <Route path="/" element={<Navigate to="/filmes" replace />} />
              {LISTED_TYPES.map((type) => [
                <Route key={type} path={`/${recordPage(type).path}`} element={<RecordsScreen key={type} type={type} />} />,
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
                  admin || user.role === 'programacao' ? (
                    <ImportScreen />
                  ) : (
                    <p>{t`Só a Programação e a Administração importam o programa.`}</p>
                  )
                }
              />
              <Route path="/conta" element={<AccountScreen />} />
              <Route
                path="/formularios"
                element={forms ? <FormsScreen /> : <p>{t`Só Formulários e Administração leem os formulários.`}</p>}
              />
              <Route path="/equipa" element={admin ? <UsersScreen /> : <p>{t`Só a Administração gere a equipa.`}</p>} />
              <Route path="/registo" element={admin ? <AuditScreen /> : <p>{t`Só a Administração lê o registo.`}</p>} />
              {/* An invitation opened while logged in: the account exists, go on working. */}
              <Route path="/convite/:token" element={<Navigate to="/" replace />} />
              {/* A reset link ends every session of its account: opened while logged in, it waits for the logout. */}
              <Route path="/repor/:token" element={<p>{t`Esta ligação repõe uma palavra-passe: termine a sessão e abra-a de novo.`}</p>} />
              <Route path="*" element={<p>{t`Esta página da gestão não existe.`}</p>} />
            </Routes>
          </main>
        </div>
      </UnsavedChangesGuard>
    </ToastsProvider>
  );
}

/**
 * The back office as a data router's one route (the browser's in main.tsx, a test's in memory):
 * a data router is what lets a navigation wait while a form asks whether to leave unsaved changes
 * (feedback/unsaved-changes-guard.tsx). The app's own <Routes> map the rest.
 */
export const GESTAO_ROUTES: RouteObject[] = [
  {
    path: '*',
    element: (
      <StaffSessionProvider>
        <GestaoApp />
      </StaffSessionProvider>
    ),
  },
];
