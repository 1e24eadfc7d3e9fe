"""Scene graph with a volumetric fog node: mean density over all fog particles and channels."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

SETTINGS = {"fog": {"axes": ("voxels", "bands"), "density": 0.02}}


class Node:
    registry = {}

    def __init__(self, name, *children):
        self.name, self.children = name, children
        Node.registry[name] = self

    def traverse(self):
        yield self
        for c in self.children:
            yield from c.traverse()


class FogVolume(Node):
    def __init__(self, name, field, *children):
        super().__init__(name, *children)
        self.field = field

    def shade(self, mesh):
        vox, band = SETTINGS["fog"]["axes"]

        def body(f):
            band_mean = jax.lax.pmean(jnp.mean(f, axis=1), band)
            extinction = SETTINGS["fog"]["density"] * band_mean
            return jax.lax.pmean(jnp.mean(extinction), SETTINGS["fog"]["axes"])[None]
        return jax.shard_map(body, mesh=mesh, in_specs=P(vox, band), out_specs=P())(self.field)


def inputs():
    return (np.random.default_rng(35).uniform(0, 1, (16, 8)).astype(np.float32),)


def main(field):
    mesh = jax.make_mesh((4, 2), SETTINGS["fog"]["axes"])
    field = jax.device_put(field, NamedSharding(mesh, P(*SETTINGS["fog"]["axes"])))
    root = Node("root", Node("camera"), FogVolume("valley_fog", field))
    shaded = {n.name: n.shade(mesh) for n in root.traverse() if isinstance(n, FogVolume)}
    print({k: float(v[0]) for k, v in shaded.items()})


if __name__ == "__main__":
    main(*inputs())
