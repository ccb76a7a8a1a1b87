import { GridObjectFieldTemplate } from './GridObjectFieldTemplate.tsx';
import { HeldInputTemplate } from './HeldInputTemplate.tsx';
import { ItemlessFieldTemplate } from './ItemlessFieldTemplate.tsx';

/**
 * The templates a large form is fast with, over the antd theme's: objects laid out as one CSS
 * grid drawing a form's first fields first, no antd Form.Item around an object, and inputs that
 * hold what is typed.
 */
export const SPEED_TEMPLATES = {
  ObjectFieldTemplate: GridObjectFieldTemplate,
  FieldTemplate: ItemlessFieldTemplate,
  BaseInputTemplate: HeldInputTemplate,
};
