/**
 * The Styler web console: a client of the API at /v1 on the same origin. Preact renders it; the key
 * lives in sessionStorage only (never in a URL, never logged) and goes in the Authorization header.
 */
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { Api } from './api';
import { Files } from './views/Files';
import { Jobs } from './views/Jobs';
import { Models } from './views/Models';
import { Playground } from './views/Playground';
import { SignIn } from './views/SignIn';

const KEY = 'styler.apiKey';
const TABS = ['files', 'jobs', 'models', 'playground'] as const;
type Tab = (typeof TABS)[number];
const TITLES: Record<Tab, string> = { files: 'Files', jobs: 'Training', models: 'Models', playground: 'Playground' };

function App() {
  const [api, setApi] = useState<Api | undefined>(() => {
    const key = sessionStorage.getItem(KEY);
    return key ? new Api(key) : undefined;
  });
  const [tab, setTab] = useState<Tab>('files');
  const [openModel, setOpenModel] = useState<string>();

  useEffect(() => {
    document.title = api ? `${TITLES[tab]} · Styler console` : 'Styler console';
  }, [api, tab]);

  if (!api) {
    return (
      <SignIn
        onSignedIn={(signedIn) => {
          sessionStorage.setItem(KEY, signedIn.key);
          setApi(signedIn);
        }}
      />
    );
  }
  const signOut = () => {
    sessionStorage.removeItem(KEY);
    setApi(undefined);
  };
  return (
    <>
      <header>
        <span class="brand">Styler</span>
        <nav aria-label="Console sections">
          {TABS.map((name) => (
            <button
              type="button"
              key={name}
              aria-current={tab === name ? 'page' : undefined}
              onClick={() => setTab(name)}
            >
              {TITLES[name]}
            </button>
          ))}
        </nav>
        <button type="button" class="signout" onClick={signOut}>
          Sign out
        </button>
      </header>
      <main>
        {tab === 'files' && <Files api={api} onTrained={() => setTab('jobs')} />}
        {tab === 'jobs' && (
          <Jobs
            api={api}
            onModel={(model) => {
              setOpenModel(model);
              setTab('models');
            }}
          />
        )}
        {tab === 'models' && <Models api={api} open={openModel} onOpen={setOpenModel} />}
        {tab === 'playground' && <Playground api={api} initialModel={openModel} />}
      </main>
    </>
  );
}

render(<App />, document.getElementById('app')!);
