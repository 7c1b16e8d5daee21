// The 3D pitch: grass, lines and one labelled token per placed player, orbited with the mouse.
// Loaded only by /teams/{id}/locker3d, so three.js never weighs on other pages.
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';

export interface ScenePlayer {
  x: number;
  y: number;
  number: number;
  name: string;
}

const LENGTH = 105;
const WIDTH = 68;

/** Label text on its canvas, in pixels: the sprite is sized from the canvas, so a long name widens its label. */
const LABEL_FONT_PX = 40;
const LABEL_PAD_PX = 14;
/** The longest label in canvas pixels; a longer name is cut with an ellipsis (the 2D pitch shows it in full). */
const LABEL_MAX_PX = 420;
/** A label's height in metres, and how high its top is over the grass (above the 4 m token). */
const LABEL_HEIGHT = 4.5;
const LABEL_TOP = 4 + 1 + LABEL_HEIGHT;

/**
 * The text, cut with an ellipsis to fit maxPx in the context's font.
 * @internal
 */
export function fitText(ctx: CanvasRenderingContext2D, text: string, maxPx: number): string {
  if (ctx.measureText(text).width <= maxPx) return text;
  let cut = text;
  while (cut.length > 1 && ctx.measureText(`${cut}…`).width > maxPx) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}

/** @internal */
export function nameLabel(text: string): THREE.Sprite {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d')!;
  const font = `600 ${LABEL_FONT_PX}px Inter, sans-serif`;
  ctx.font = font;
  const shown = fitText(ctx, text, LABEL_MAX_PX);
  canvas.width = Math.ceil(ctx.measureText(shown).width) + 2 * LABEL_PAD_PX;
  canvas.height = Math.round(LABEL_FONT_PX * 1.5);
  // Resizing the canvas resets its state.
  ctx.font = font;
  ctx.fillStyle = 'rgba(0,0,0,0.6)';
  ctx.beginPath();
  ctx.roundRect(0, 0, canvas.width, canvas.height, canvas.height / 4);
  ctx.fill();
  ctx.fillStyle = '#fff';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(shown, canvas.width / 2, canvas.height / 2 + 1);
  const texture = new THREE.CanvasTexture(canvas);
  texture.colorSpace = THREE.SRGBColorSpace;
  const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: texture, depthTest: false }));
  sprite.scale.set((LABEL_HEIGHT * canvas.width) / canvas.height, LABEL_HEIGHT, 1);
  return sprite;
}

function lines(): THREE.LineSegments {
  const pts: number[] = [];
  const seg = (a: [number, number], b: [number, number]) => pts.push(a[0], 0.05, a[1], b[0], 0.05, b[1]);
  const w = WIDTH / 2;
  const l = LENGTH / 2;
  seg([-w, -l], [w, -l]);
  seg([w, -l], [w, l]);
  seg([w, l], [-w, l]);
  seg([-w, l], [-w, -l]);
  seg([-w, 0], [w, 0]);
  for (const s of [-1, 1]) {
    seg([-20, s * l], [-20, s * (l - 16.5)]);
    seg([-20, s * (l - 16.5)], [20, s * (l - 16.5)]);
    seg([20, s * (l - 16.5)], [20, s * l]);
  }
  for (let i = 0; i < 64; i++) {
    const a = (i / 64) * Math.PI * 2;
    const b = ((i + 1) / 64) * Math.PI * 2;
    seg([Math.cos(a) * 9.15, Math.sin(a) * 9.15], [Math.cos(b) * 9.15, Math.sin(b) * 9.15]);
  }
  const g = new THREE.BufferGeometry();
  g.setAttribute('position', new THREE.Float32BufferAttribute(pts, 3));
  return new THREE.LineSegments(g, new THREE.LineBasicMaterial({ color: 0xffffff }));
}

/** Looks at the pitch from above its near end, as close as the whole pitch and the labels over it allow. */
function frame(camera: THREE.PerspectiveCamera) {
  const direction = new THREE.Vector3(0, 90, 60).normalize();
  const margin = 5;
  const corners: THREE.Vector3[] = [];
  for (const x of [-WIDTH / 2 - margin, WIDTH / 2 + margin]) {
    for (const z of [-LENGTH / 2 - margin, LENGTH / 2 + margin]) {
      for (const y of [0, LABEL_TOP]) corners.push(new THREE.Vector3(x, y, z));
    }
  }
  const fits = (distance: number) => {
    camera.position.copy(direction).multiplyScalar(distance);
    camera.lookAt(0, 0, 0);
    camera.updateMatrixWorld();
    return corners.every((c) => {
      const p = c.clone().project(camera);
      return Math.abs(p.x) <= 0.96 && Math.abs(p.y) <= 0.96;
    });
  };
  // The nearest distance that fits, by bisection (fitting only gets easier further away).
  let near = 10;
  let far = 1000;
  for (let i = 0; i < 30; i++) {
    const mid = (near + far) / 2;
    if (fits(mid)) far = mid;
    else near = mid;
  }
  fits(far);
}

/** Renders into container; returns a function that disposes everything. */
export function mountScene(container: HTMLElement, players: ScenePlayer[]): () => void {
  const renderer = new THREE.WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.setSize(container.clientWidth, container.clientHeight);
  container.appendChild(renderer.domElement);

  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0x0f2a1c);
  const camera = new THREE.PerspectiveCamera(45, container.clientWidth / container.clientHeight, 1, 1000);
  frame(camera);
  scene.add(new THREE.AmbientLight(0xffffff, 0.7));
  const sun = new THREE.DirectionalLight(0xffffff, 0.9);
  sun.position.set(30, 80, 40);
  scene.add(sun);

  const grass = new THREE.Mesh(new THREE.PlaneGeometry(WIDTH + 8, LENGTH + 8), new THREE.MeshLambertMaterial({ color: 0x2f8f4e }));
  grass.rotation.x = -Math.PI / 2;
  scene.add(grass);
  scene.add(lines());

  const body = new THREE.CylinderGeometry(1.6, 1.6, 4, 24);
  const material = new THREE.MeshLambertMaterial({ color: 0xc0392b });
  for (const p of players) {
    const px = (p.x - 0.5) * WIDTH;
    const pz = (p.y - 0.5) * LENGTH;
    const token = new THREE.Mesh(body, material);
    token.position.set(px, 2, pz);
    scene.add(token);
    const tag = nameLabel(`${p.number} ${p.name}`);
    tag.position.set(px, LABEL_TOP - LABEL_HEIGHT / 2, pz);
    scene.add(tag);
  }

  const controls = new OrbitControls(camera, renderer.domElement);
  controls.enableDamping = true;
  controls.maxPolarAngle = Math.PI / 2.1;
  controls.minDistance = 30;
  controls.maxDistance = 260;

  let animation = 0;
  const tick = () => {
    controls.update();
    renderer.render(scene, camera);
    animation = requestAnimationFrame(tick);
  };
  tick();
  const resize = () => {
    camera.aspect = container.clientWidth / container.clientHeight;
    camera.updateProjectionMatrix();
    renderer.setSize(container.clientWidth, container.clientHeight);
  };
  const observer = new ResizeObserver(resize);
  observer.observe(container);

  return () => {
    cancelAnimationFrame(animation);
    observer.disconnect();
    controls.dispose();
    renderer.dispose();
    scene.traverse((o) => {
      if (o instanceof THREE.Mesh || o instanceof THREE.Sprite || o instanceof THREE.LineSegments) {
        o.geometry.dispose();
        const mat = o.material as THREE.Material & { map?: THREE.Texture };
        mat.map?.dispose();
        mat.dispose();
      }
    });
    renderer.domElement.remove();
  };
}

export function webglAvailable(): boolean {
  try {
    const c = document.createElement('canvas');
    return !!(c.getContext('webgl2') || c.getContext('webgl'));
  } catch {
    return false;
  }
}
