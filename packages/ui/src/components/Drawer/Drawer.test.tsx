import { modalTestSuite } from '../private/Modal/modalTestSuite.js';
import { Drawer } from './Drawer.js';

modalTestSuite('Drawer', () => (
  <Drawer title="Edit class" placement="end">
    <a href="#grade-7">Grade 7 A</a>
  </Drawer>
));
