/**
 * Sub-models, input definitions, parameters, instances, groups and sharing (spec 001 §1-§9): the pure
 * rules shared by the web app and the functions. Import from here or from the module itself.
 */
export * from './converters';
export * from './definition-import';
export * from './groups';
export * from './instance-values';
export * from './instances';
export * from './limits';
export * from './messages';
export * from './model-input';
export * from './parameter-definition';
export * from './parameter-file';
export * from './parameter-types';
export * from './sample-template';
export * from './sharing';
export * from './sub-model';
export * from './sub-model-access';
