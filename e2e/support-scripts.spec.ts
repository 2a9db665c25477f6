import { expect, test } from './app-session.ts';
import { PasteBox } from './pages/paste-box.ts';
import { USDC, WETH } from './support-session.ts';

// A customer who is not a JavaScript developer sends their PowerShell or Python call, key and all:
// it is read as a request, linted and corrected like a curl line, and the key reaches no DOM.

const KEY = 'pS9_live_Q1w2E3r4T5y6U7i8';
const URL_TEXT = `https://api.example.com/swap/allowance-holder/price?chainId=1&sellToken=${USDC}&buyToken=${WETH}&sellAmount=1000000000000000000`;
const SCRIPTS = [
  { kind: 'PowerShell command', text: `$headers = @{ "svc-api-key" = "${KEY}"; "svc-version" = "v2" }\nInvoke-RestMethod -Uri "${URL_TEXT}" \`\n  -Headers $headers -Method Get` },
  { kind: 'Python snippet', text: `import requests\nheaders = {}\nheaders["svc-api-key"] = "${KEY}"\nr = requests.get("${URL_TEXT}", headers={"svc-api-key": "${KEY}", "svc-version": "v2"})` },
];

for (const script of SCRIPTS) {
  test(`a pasted ${script.kind} is read as a request, corrected, and its key appears nowhere`, async ({ page, openSession }) => {
    await openSession(page);
    const paste = new PasteBox(page);
    await paste.open();
    await paste.paste(script.text);
    await expect(paste.recognised).toContainText(`a request (${script.kind})`);
    await expect(paste.correctedParam('sellToken')).toHaveText(USDC);
    await expect(paste.dialog.getByRole('button', { name: 'Send with my profile' })).toBeEnabled();
    expect(await paste.box.inputValue()).not.toContain(KEY);
    expect(await page.content()).not.toContain(KEY);
  });
}
