"""Global-signal estimation node of an fMRI denoising workflow (nipype-like nodes)."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class Node:
    def __init__(self, name, **params):
        self.name = name
        self.params = params

    def run(self, data):
        raise NotImplementedError


class GlobalSignal(Node):
    def run(self, bold):
        axis = self.params.get("voxel_axis", "voxel")

        def step(carry, frame):
            return carry, jax.lax.psum(frame.sum(axis=-1), axis)

        _, gs = jax.lax.scan(step, None, jnp.swapaxes(bold, 0, 1))
        gs = jnp.swapaxes(gs, 0, 1) / self.params["n_voxels"]
        return jax.lax.all_gather(gs, axis, axis=1, tiled=True, to="reduced")


class Workflow:
    def __init__(self, nodes):
        self.nodes = nodes

    def __call__(self, data):
        for node in self.nodes:
            data = node.run(data)
        return data


def inputs():
    rng = np.random.default_rng(60)
    return (rng.normal(100.0, 5.0, size=(4, 12, 64)).astype(np.float32),)


def main(bold):
    mesh = jax.make_mesh((2, 4), ("subject", "voxel"))
    bold = jax.device_put(bold, NamedSharding(mesh, P("subject", None, "voxel")))
    wf = Workflow([GlobalSignal("gs", voxel_axis="voxel", n_voxels=bold.shape[-1])])
    f = jax.shard_map(wf, mesh=mesh, in_specs=P("subject", None, "voxel"),
                      out_specs=P("subject", None, reduced={"voxel"}))
    return f(bold)


if __name__ == "__main__":
    main(*inputs())
