import { pathToFileURL } from 'node:url';
import { createElement as h, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { Alert, App, Badge, Button, Card, Checkbox, Col, ConfigProvider, Divider, Dropdown, Empty, Flex, FloatButton, Input, Layout, List, Menu, Popover, Progress, Result, Row, Skeleton, Space, Spin, Statistic, Tabs, Tag, Tooltip, Typography } from 'antd';
import { PORTAL_BUTTON, portalTheme } from '../src/settings/portal-theme.ts';
import { DEFAULT_COLOUR } from '../src/settings/ui-settings.ts';

/**
 * The antd components of the signed-in shell and of the first view of the login page, the
 * dashboards and the viewer, each once: rendering one registers all of its styles (every variant).
 * Others (tables, forms' pickers, dialogs) are built in the browser when first used, as before:
 * each one here adds to the stylesheet every visitor downloads (about 30 KB gzipped in all).
 */
function components(): ReactNode[] {
  const el = (type: ComponentType<never>, props: Record<string, unknown> = {}, ...children: ReactNode[]) => h(type as ComponentType, props, ...children);
  const items = [{ key: 'a', label: 'a' }];
  return [
    el(Layout, {}, el(Layout.Header), el(Layout.Content), el(Layout.Footer)),
    el(Menu, { mode: 'horizontal', items }),
    el(Tabs, { type: 'editable-card', hideAdd: true, items }),
    el(Card, { title: 'a', size: 'small' }, 'a'),
    el(Button, {}, 'a'),
    el(Flex, {}, el(Space, {}, 'a')),
    el(Typography.Title, {}, 'a'),
    el(Alert, { title: 'a' }),
    el(Tag, {}, 'a'),
    el(Spin),
    el(Result, { status: '403' }),
    el(Badge, { count: 1 }),
    el(Dropdown, { menu: { items } }, el(Button, {}, 'a')),
    el(Tooltip, { title: 'a' }, el(Button, {}, 'a')),
    el(Popover, { content: 'a' }, el(Button, {}, 'a')),
    el(FloatButton),
    el(Input),
    el(Checkbox, {}, 'a'),
    el(Row, {}, el(Col, { span: 12 }, 'a')),
    el(Skeleton),
    el(Statistic, { value: 1 }),
    el(Progress, { percent: 1 }),
    el(List, { dataSource: ['a'], renderItem: (a: string) => el(List.Item, {}, a) }),
    el(Divider),
    el(Empty),
  ];
}

/**
 * The styles antd would build in the browser for the portal's components, made once at build
 * time (the build's `antdStyles` plugin): the page loads them as a stylesheet, and antd, finding
 * each one's path in the stylesheet's cache map, neither builds nor injects it. The styles hold
 * no theme values (antd's CSS variables carry those, built at run time for the user's colour and
 * theme), so one file serves every theme. Rendered in production mode, as the browser's antd runs.
 */
export function antdStaticStyles(): string {
  const cache = createCache();
  renderToString(h(StyleProvider, { cache }, h(ConfigProvider, { theme: portalTheme({ colour: DEFAULT_COLOUR, dark: false, stillness: false }), button: PORTAL_BUTTON }, h(App, {}, ...components()))));
  return extractStyle(cache, { plain: true, types: ['style'] });
}

// `node --import tsx scripts/antd-styles.ts` prints the stylesheet (the build runs it so, in production mode).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) process.stdout.write(antdStaticStyles());
