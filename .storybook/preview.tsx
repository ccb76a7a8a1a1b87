import 'antd/dist/reset.css';
import type { Preview } from '@storybook/react-vite';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';

/** antd around every story, in the story's language (arg `lang`, zh-CN by default). */
const preview: Preview = {
  parameters: { layout: 'fullscreen', controls: { expanded: true } },
  decorators: [
    (Story, context) => (
      <ConfigProvider locale={context.args.lang === 'en-US' ? enUS : zhCN} theme={{ token: { colorPrimary: '#fa8c16' } }}>
        <App>
          <div style={{ padding: 16 }}>
            <Story />
          </div>
        </App>
      </ConfigProvider>
    ),
  ],
};

export default preview;
