import { Button } from 'antd';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { IconButtonProps } from '@rjsf/utils';
import { useRendererEnv } from '../../env/renderer-env.tsx';

/** A list's "Add row" button: its text (and so its accessible name) says what it does. */
export function AddRowButton({ onClick, disabled, className, style }: IconButtonProps) {
  const { t } = useRendererEnv();
  return (
    <Button type="dashed" block icon={<PlusOutlined />} onClick={onClick} disabled={disabled} className={className} style={style} data-testid="add-row">
      {t('form.addRow')}
    </Button>
  );
}
