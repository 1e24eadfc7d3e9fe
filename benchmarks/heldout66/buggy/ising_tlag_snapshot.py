"""Write lattice snapshots of a 2D Ising run for the visualiser (one gathered array per field)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P
from jax._src.shard_map import top_level_all_gather

L = 16
BETA = 0.42
AXES = ("row", "col")

FIELD_LAYOUT = {
    "spins": P("row", "col"),
    "local_energy": P("row", "col"),
}
SNAPSHOT_LAYOUT = {
    "spins": P(None, "col", reduced={"row"}),
    "local_energy": P(None, "col"),
}


class Snapshot:
    def __init__(self, mesh):
        self.mesh = mesh
        self.frames = []

    def place(self, fields):
        return {name: jax.device_put(arr, NamedSharding(self.mesh, FIELD_LAYOUT[name]))
                for name, arr in fields.items()}

    def record(self, fields):
        frame = {}
        for name, arr in fields.items():
            frame[name] = top_level_all_gather(arr, SNAPSHOT_LAYOUT[name])
        self.frames.append(frame)
        return frame


def local_energy(s):
    nn = jnp.roll(s, 1, 0) + jnp.roll(s, -1, 0) + jnp.roll(s, 1, 1) + jnp.roll(s, -1, 1)
    return -0.5 * s * nn


def inputs():
    rng = np.random.default_rng(5)
    s = rng.choice(np.array([-1.0, 1.0], np.float32), size=(L, L))
    return (s,)


def main(spins):
    mesh = jax.make_mesh((2, 4), AXES)
    snap = Snapshot(mesh)
    with jax.set_mesh(mesh):
        fields = snap.place({"spins": spins, "local_energy": np.asarray(local_energy(spins))})
        frame = snap.record(fields)
    return frame["spins"]


if __name__ == "__main__":
    main(*inputs())
