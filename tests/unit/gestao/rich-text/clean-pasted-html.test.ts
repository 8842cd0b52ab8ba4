/**
 * A paste from Word or Google Docs reduced to what the public site renders (src/gestao/rich-text/
 * clean-pasted-html.ts). The clipboard HTML below is what Word for Windows 365 and Google Docs put
 * there for a bold word, a bulleted and a numbered list, and a heading, trimmed of repeated styles.
 */
import { describe, expect, it } from 'vitest';
import { cleanPastedHtml } from '../../../../src/gestao/rich-text/clean-pasted-html';
import { isSafeLink } from '../../../../src/common/text/safe-link';
import { linkAddress } from '../../../../src/gestao/rich-text/link-address';
import { storedHtml } from '../../../../src/gestao/rich-text/editor-schema';
import { elementsOnlyHtmlKeeps } from '../../../../src/gestao/rich-text/html-only';

const WORD = `<html xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word">
<head><meta name=Generator content="Microsoft Word 15"><style><!-- p.MsoNormal {margin:0cm;font-family:"Calibri",sans-serif;} --></style></head>
<body lang=PT style='tab-interval:35.4pt'><!--StartFragment-->
<h1 class=MsoTitle><span lang=IT>Nápoles, 1958</span></h1>
<p class=MsoNormal><b><span style='font-family:"Aptos",sans-serif'>Três irmãs</span></b><span style='font-family:"Aptos",sans-serif'> voltam à casa do pai.<o:p></o:p></span></p>
<p class=MsoNormal><o:p>&nbsp;</o:p></p>
<p class=MsoListParagraphCxSpFirst style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Realização: Ada Rossi<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='text-indent:-18.0pt;mso-list:l0 level1 lfo1'><![if !supportLists]><span style='font-family:Symbol'><span style='mso-list:Ignore'>·<span style='font:7.0pt "Times New Roman"'>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp; </span></span></span><![endif]>Fotografia: Luca Bianchi<o:p></o:p></p>
<p class=MsoNormal>Os prémios:</p>
<p class=MsoListParagraphCxSpFirst style='mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span>1.<span>&nbsp;&nbsp; </span></span><!--[endif]-->Veneza<o:p></o:p></p>
<p class=MsoListParagraphCxSpLast style='mso-list:l1 level1 lfo2'><!--[if !supportLists]--><span>2.<span>&nbsp;&nbsp; </span></span><!--[endif]-->Locarno<o:p></o:p></p>
<!--EndFragment--></body></html>`;

const DOCS = `<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-4b1d6a2e-7fff-4c0a-2c3e-000000000000"><p dir="ltr" style="line-height:1.38;margin-top:0pt;margin-bottom:0pt;"><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:700;font-style:normal;vertical-align:baseline;white-space:pre-wrap;">Ada Rossi</span><span style="font-size:11pt;font-family:Arial,sans-serif;color:#000000;font-weight:400;font-style:italic;vertical-align:baseline;white-space:pre-wrap;"> estreia-se</span><span style="font-size:11pt;font-family:Arial,sans-serif;font-weight:400;"> na longa-metragem. Ver </span><a href="https://festa.example/filme/101" style="text-decoration:none;"><span style="font-size:11pt;color:#1155cc;text-decoration:underline;">a ficha</span></a></p><br></b>`;

describe('a paste from a word processor', () => {
  it('keeps Word’s bold, heading and two lists, the bullets and numbers as lists, nothing of its styles', () => {
    expect(cleanPastedHtml(WORD)).toBe(
      [
        '<h2>Nápoles, 1958</h2>',
        '<p><b>Três irmãs</b> voltam à casa do pai.</p>',
        '<ul><li>Realização: Ada Rossi</li><li>Fotografia: Luca Bianchi</li></ul>',
        '<p>Os prémios:</p>',
        '<ol><li>Veneza</li><li>Locarno</li></ol>',
      ].join('\n'),
    );
  });

  it('keeps Google Docs’ bold and italics said in styles, and is not made all bold by its wrapper', () => {
    expect(cleanPastedHtml(DOCS)).toBe(
      '<p><strong>Ada Rossi</strong><em> estreia-se</em> na longa-metragem. Ver <a href="https://festa.example/filme/101"><u>a ficha</u></a></p><br>',
    );
  });

  it('drops scripts and handlers a clipboard may carry', () => {
    expect(cleanPastedHtml('<p onclick="alert(1)">Olá<script>alert(2)</script></p>')).toBe('<p>Olá</p>');
  });
});

describe('a link typed in the editor', () => {
  it('is made an address when typed bare, and refused when it is not a web, mail or phone address or a site path', () => {
    expect(linkAddress('festa.example/bilhetes')).toBe('https://festa.example/bilhetes');
    expect(linkAddress('imprensa@festa.example')).toBe('mailto:imprensa@festa.example');
    expect(linkAddress('/filme/101')).toBe('/filme/101');
    expect(linkAddress('#precos')).toBe('#precos');
    expect(
      ['https://festa.example', 'mailto:a@b.pt', 'tel:+351210000000', '/programacao', '#precos', '?q=ada', 'programa'].every(isSafeLink),
    ).toBe(true);
    expect(
      ['javascript:alert(1)', 'java\tscript:alert(1)', 'data:text/html,x', '//evil.example', '/\\evil.example', 'ftp://x'].some(isSafeLink),
    ).toBe(false);
  });
});

describe('a text the editor cannot show whole', () => {
  it('is named by what only HTML keeps, so it opens as HTML', () => {
    expect(elementsOnlyHtmlKeeps('<p>Preços</p><table><tr><td>5 €</td></tr></table><p><img src="/a.jpg" alt=""></p>')).toEqual([
      'table',
      'img',
    ]);
    expect(elementsOnlyHtmlKeeps('<p><strong>Só</strong> texto</p><ul><li>e uma lista</li></ul>')).toEqual([]);
  });

  it('is stored as nothing when emptied, as an untouched field is', () => {
    expect(storedHtml('<p></p>', true)).toBe('');
    expect(storedHtml('<p>x</p>', false)).toBe('<p>x</p>');
    expect(storedHtml('<p></p><p>x</p><p></p><p></p>', false)).toBe('<p>x</p>');
  });
});
