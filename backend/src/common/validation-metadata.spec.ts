import { getMetadataStorage, IsInt, IsString, MaxLength, MetadataStorage, validate } from 'class-validator';
import { memoiseValidationMetadata } from './validation-metadata';

class Base {
  @IsInt()
  id!: number;
}
class Named extends Base {
  @IsString()
  name!: string;
}

const fieldsOf = async (object: object) => (await validate(object)).map((e) => e.property).sort();

describe('memoised validation metadata', () => {
  it('answers the same rules as class-validator, inherited ones included, and sees rules added later', async () => {
    memoiseValidationMetadata();
    memoiseValidationMetadata();
    const bad = Object.assign(new Named(), { id: 'x', name: 3 });
    expect(await fieldsOf(bad)).toEqual(['id', 'name']);
    expect(await fieldsOf(bad)).toEqual(['id', 'name']);

    // A rule added after a lookup (a class decorated later) counts at once.
    MaxLength(1)(Named.prototype, 'label');
    expect(await fieldsOf(Object.assign(new Named(), { id: 1, name: 'a', label: 'too long' }))).toEqual(['label']);

    // The same lists as class-validator's own lookup, for each group option.
    const storage = getMetadataStorage();
    const direct = MetadataStorage.prototype.getTargetValidationMetadatas;
    for (const groups of [undefined, ['a'], ['a', 'b']]) {
      expect(storage.getTargetValidationMetadatas(Named, '', false, false, groups)).toEqual(direct.call(storage, Named, '', false, false, groups));
    }
    expect(storage.getTargetValidationMetadatas(Named, '', false, false).map((m) => m.propertyName).sort()).toEqual(['id', 'label', 'name']);
  });
});
