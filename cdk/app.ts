import { App } from 'aws-cdk-lib';
import { defineApp } from './define-app';

defineApp(new App());
