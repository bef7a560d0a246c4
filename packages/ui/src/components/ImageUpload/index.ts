export { ImageUpload, type ImageUploadProps } from './ImageUpload.js';
export { checkImageFile, cropToBlob, fitWithin, type CropArea } from './imageFile.js';
