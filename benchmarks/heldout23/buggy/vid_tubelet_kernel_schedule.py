"""Export of the tubelet-embedding kernel of a video ViT trained with 2-D FSDP.

The kernel is stored split over both mesh axes; the export materialises it in the order
the gather schedule gives.
"""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH_AXES = ("time", "space")
KERNEL_SPEC = P(("time", "space"), None)
GATHER_SCHEDULE = (("space",), ("time", "space"))


def materialize(kernel_shard):
    kernel = kernel_shard
    for axes in GATHER_SCHEDULE:
        kernel = jax.lax.all_gather(kernel, axes, axis=0, tiled=True, to="reduced")
    return kernel


def export_params(params, mesh):
    specs = {name: KERNEL_SPEC for name in params}
    outs = {name: P(reduced=set(MESH_AXES)) for name in params}
    return jax.shard_map(lambda p: {k: materialize(v) for k, v in p.items()},
                         mesh=mesh, in_specs=(specs,), out_specs=outs)(params)


def inputs():
    rng = np.random.default_rng(1)
    return ({"tubelet/kernel": rng.normal(size=(2 * 2 * 8 * 3, 32)).astype(np.float32)},)


def main(params):
    mesh = jax.make_mesh((2, 4), MESH_AXES)
    params = {k: jax.device_put(v, NamedSharding(mesh, KERNEL_SPEC)) for k, v in params.items()}
    return export_params(params, mesh)


if __name__ == "__main__":
    print({k: v.shape for k, v in main(*inputs()).items()})
