"""Mesh-to-grid decoder of an encoder-processor-decoder on an icosahedral mesh."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

NODES, CHANNELS = "nodes", "channels"

# How each model input is laid out on the device mesh.
INPUT_SPECS = {
    "grid_features": P(NODES, CHANNELS),
    "mesh_latents": P(NODES, CHANNELS),
    "mesh_positions": P(),
    "grid_positions": P(NODES, None),
}


def icosahedron():
    phi = (1.0 + np.sqrt(5.0)) / 2.0
    verts = []
    for a in (-1.0, 1.0):
        for b in (-phi, phi):
            verts += [(0.0, a, b), (a, b, 0.0), (b, 0.0, a)]
    verts = np.asarray(verts, np.float32)
    return verts / np.linalg.norm(verts, axis=1, keepdims=True)


def lat_lon_grid(n_lat, n_lon):
    lat = np.deg2rad(np.linspace(-80.0, 80.0, n_lat, dtype=np.float32))
    lon = np.deg2rad(np.linspace(0.0, 360.0, n_lon, endpoint=False, dtype=np.float32))
    lat, lon = np.meshgrid(lat, lon, indexing="ij")
    xyz = np.stack([np.cos(lat) * np.cos(lon), np.cos(lat) * np.sin(lon), np.sin(lat)], -1)
    return xyz.reshape(-1, 3).astype(np.float32)


class Mesh2GridDecoder:
    def __init__(self, radius_scale=0.6):
        self.radius_scale = radius_scale

    def edge_weights(self, grid_pos, mesh_pos):
        all_mesh = jax.lax.all_gather(mesh_pos, NODES, axis=0, tiled=True, to="reduced")
        cos = grid_pos @ all_mesh.T
        return jax.nn.softmax(cos / self.radius_scale, axis=-1)

    def __call__(self, grid_features, mesh_latents, mesh_pos, grid_pos):
        weights = self.edge_weights(grid_pos, mesh_pos)
        latents = jax.lax.all_gather(mesh_latents, NODES, axis=0, tiled=True)
        return grid_features + weights @ latents


def inputs():
    rng = np.random.default_rng(10)
    grid = lat_lon_grid(4, 8)
    feats = rng.normal(size=(grid.shape[0], 8)).astype(np.float32)
    latents = rng.normal(size=(12, 8)).astype(np.float32)
    return feats, latents, icosahedron(), grid


def main(grid_features, mesh_latents, mesh_positions, grid_positions):
    mesh = jax.make_mesh((4, 2), (NODES, CHANNELS))
    args = dict(grid_features=grid_features, mesh_latents=mesh_latents,
                mesh_positions=mesh_positions, grid_positions=grid_positions)
    args = {k: jax.device_put(v, NamedSharding(mesh, INPUT_SPECS[k])) for k, v in args.items()}
    order = ("grid_features", "mesh_latents", "mesh_positions", "grid_positions")
    decoder = jax.shard_map(Mesh2GridDecoder(), mesh=mesh,
                            in_specs=tuple(INPUT_SPECS[k] for k in order),
                            out_specs=P(NODES, CHANNELS))
    return jax.jit(decoder)(*(args[k] for k in order))


if __name__ == "__main__":
    print(main(*inputs()).shape)
