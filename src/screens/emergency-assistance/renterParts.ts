// The renter's side of an emergency report (photos of the scene, their reports): one chunk, loaded
// once a renter is signed in, never a visitor's.
export { default as ScenePhotos } from './ScenePhotos';
export { default as YourReports } from './YourReports';
