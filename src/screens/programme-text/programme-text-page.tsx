/**
 * /programa: the festival programme's text (the first festival-programme entry) and its
 * attachments to download. Until the programme is loaded only the headings show.
 */
import { Trans } from '@lingui/react/macro';
import { apiUrl, fileEndpoints } from '../../common/api/endpoint-refs';
import { useRouteData } from '../../routing/route-kit';
import { programmeTextRoute } from './programme-text-route';
import { DownloadLink } from '../../primitives/download-link';
import { HtmlBlock } from '../../primitives/html-block';
import './programme-text-page.css';
import { useContentLang, useWritten } from '../../hooks/use-content-lang';

export default function ProgrammeTextPage() {
  const entry = useRouteData(programmeTextRoute).programme.data?.[0];
  const contentLang = useContentLang();
  const written = useWritten(entry);
  // While no programme is loaded: only the menu and the heading 'Programa' (spec).
  return (
    <div className="page programme-text-page">
      {entry ? (
        <h1 className="page__title">
          <Trans>Programação</Trans>
        </h1>
      ) : null}
      <section className="programme-text" aria-labelledby="programme-text-title">
        <h2 id="programme-text-title" className="programme-text__title">
          <Trans>Programa</Trans>
        </h2>
        {entry ? (
          <>
            <HtmlBlock html={entry.description} className="programme-text__body rich-text" written={written('description')} />
            {entry.attachments.length > 0 ? (
              <ul className="attachment-list">
                {entry.attachments.map((a) => (
                  <li key={a.id} className="attachment">
                    <h3 className="attachment__title" lang={contentLang}>
                      {a.title}
                    </h3>
                    <DownloadLink
                      href={apiUrl(fileEndpoints.downloadAttachment, { id: a.id })}
                      itemTitle={a.title}
                      mime={a.mime}
                      size={a.size}
                    />
                    <HtmlBlock html={a.description} className="attachment__text rich-text" />
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </section>
    </div>
  );
}
