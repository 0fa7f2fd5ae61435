/**
 * The properties feature's public face: the person's properties and the keys of its reads, and two views that load
 * with their first render (the settings page's household tab, the calendar's choice of property), so a page that
 * imports this file carries only the calls.
 */
import { lazyNamed } from '../../shared/lazyNamed';

export { propertiesKeys, useMyProperties, type MyProperty } from './propertiesApi';
export { chooseProperty, useChosenProperty, type ChosenProperty } from './chosenProperty';
export type { PropertySwitcherProps } from './components/PropertySwitcher';

export const HouseholdTab = lazyNamed(() => import('./components/HouseholdTab'), 'HouseholdTab');
export const PropertySwitcher = lazyNamed(() => import('./components/PropertySwitcher'), 'PropertySwitcher');
