/** The properties feature's public face: the household tab the settings page shows, and the keys of its reads. */
export { HouseholdTab } from './components/HouseholdTab';
export { propertiesKeys } from './propertiesApi';
