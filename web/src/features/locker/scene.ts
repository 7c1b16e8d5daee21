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

function label(text: string): THREE.Sprite {
  const canvas = document.createElement('canvas');
  canvas.width = 256;
  canvas.height = 64;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = 'rgba(0,0,0,0.55)';
  ctx.fillRect(0, 0, 256, 64);
  ctx.fillStyle = '#fff';
  ctx.font = 'bold 28px Inter, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, 128, 32, 248);
  const sprite = new THREE.Sprite(new THREE.SpriteMaterial({ map: new THREE.CanvasTexture(canvas), depthTest: false }));
  sprite.scale.set(12, 3, 1);
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

/** Renders into container; returns a function that disposes everything. */
export function mountScene(container: HTMLElement, players: ScenePlayer[]): () => void {
  const renderer = new THREE.WebGLRenderer({ antialias: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.setSize(container.clientWidth, container.clientHeight);
  container.appendChild(renderer.domElement);

  const scene = new THREE.Scene();
  scene.background = new THREE.Color(0x0f2a1c);
  const camera = new THREE.PerspectiveCamera(45, container.clientWidth / container.clientHeight, 1, 1000);
  camera.position.set(0, 80, 95);
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
    const tag = label(`${p.number} ${p.name}`);
    tag.position.set(px, 7, pz);
    scene.add(tag);
  }

  const controls = new OrbitControls(camera, renderer.domElement);
  controls.enableDamping = true;
  controls.maxPolarAngle = Math.PI / 2.1;
  controls.minDistance = 30;
  controls.maxDistance = 220;

  let frame = 0;
  const tick = () => {
    controls.update();
    renderer.render(scene, camera);
    frame = requestAnimationFrame(tick);
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
    cancelAnimationFrame(frame);
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
