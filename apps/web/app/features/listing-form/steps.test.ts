import { describe, expect, it } from 'vitest';
import { fieldErrors, fieldKey, firstStepWithError, stepOfField } from './steps.ts';
import { fileProblem, moveItem } from './media-files.ts';

const order = { parameters: [7, 3], facilities: [12, 4] };

describe('a message finds its field and step', () => {
  it('names fields by the keys the form gives its inputs', () => {
    expect(fieldKey('price', order)).toBe('price');
    // The schemas speak of positions in the lists sent…
    expect(fieldKey('parameters.1.value', order)).toBe('parameters.3');
    expect(fieldKey('facilities.0.distance', order)).toBe('facilities.12');
    expect(fieldKey('facilities[1][distance]', order)).toBe('facilities.4');
    // …the server's checks of parameter ids.
    expect(fieldKey('parameters.7', order)).toBe('parameters.7');
    expect(fieldKey('facilities', order)).toBe('facilities');
    expect(fieldKey('parameters.9.value', order)).toBe('parameters');
  });

  it('maps every field to the step that shows it', () => {
    expect(stepOfField('title')).toBe('basics');
    expect(stepOfField('rentduration')).toBe('basics');
    expect(stepOfField('longitude')).toBe('location');
    expect(stepOfField('parameters.7')).toBe('details');
    expect(stepOfField('facilities.4')).toBe('facilities');
    expect(stepOfField('gallery_images')).toBe('media');
    expect(stepOfField('remove_documents')).toBe('media');
    expect(stepOfField('meta_image')).toBe('seo');
    expect(stepOfField('body')).toBe('review');
  });

  it('opens the first step, in the form’s order, that holds a server’s message', () => {
    const errors = fieldErrors({ meta_title: 'meta_title must be at most 200 characters', 'parameters.0.value': 'Bedrooms must be a number', 'facilities.1.distance': 'x' }, order);
    expect(errors).toEqual({ meta_title: 'meta_title must be at most 200 characters', 'parameters.7': 'Bedrooms must be a number', 'facilities.4': 'x' });
    expect(firstStepWithError(errors)).toBe('details');
    expect(firstStepWithError({ price: 'price must be a number', city: 'x' })).toBe('basics');
    expect(firstStepWithError({ request: 'The form data could not be read.' })).toBe('review');
    expect(firstStepWithError({})).toBeNull();
  });
});

describe('files before they are sent', () => {
  it('refuses what the server would by type and by size', () => {
    expect(fileProblem({ name: 'a.png', type: 'image/png', size: 1000 }, 'image')).toBeNull();
    expect(fileProblem({ name: 'a.pdf', type: 'application/pdf', size: 1000 }, 'image')).toBe('type');
    expect(fileProblem({ name: 'a.pdf', type: 'application/pdf', size: 1000 }, 'document')).toBeNull();
    expect(fileProblem({ name: 'scan.PDF', type: '', size: 1000 }, 'document')).toBeNull();
    expect(fileProblem({ name: 'big.jpg', type: 'image/jpeg', size: 11 * 1024 * 1024 }, 'image')).toBe('size');
  });
  it('reorders the gallery', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
  });
});
