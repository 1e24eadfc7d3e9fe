"""Orbax-like restore: ZeRO-partitioned optimizer moments unsharded for a single-host save."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ArrayRestoreArgs:
    def __init__(self, sharding, unshard_axes=()):
        self.sharding = sharding
        self.unshard_axes = unshard_axes


class StandardCheckpointHandler:
    def __init__(self, mesh):
        self.mesh = mesh

    def unshard(self, x, args):
        for dim, axis in args.unshard_axes:
            x = jax.lax.all_gather(x, axis, axis=dim, tiled=True, to="reduced")
        return x

    def to_single_host(self, x, axes):
        return jax.lax.all_gather(x, axes, axis=1, tiled=True, to="reduced")


HANDLERS = {"standard": StandardCheckpointHandler}


def restore_and_export(mesh, moments, handler_name="standard"):
    handler = HANDLERS[handler_name](mesh)
    spec = P("fsdp", "replica")
    args = ArrayRestoreArgs(NamedSharding(mesh, spec), unshard_axes=((0, "fsdp"),))
    restored = jax.device_put(moments, args.sharding)

    def body(m):
        return handler.to_single_host(handler.unshard(m, args), tuple(mesh.axis_names))

    fn = jax.shard_map(body, mesh=mesh, in_specs=(spec,), out_specs=P(reduced=set(mesh.axis_names)))
    return jax.jit(fn)(restored)


def inputs():
    rng = np.random.default_rng(25)
    return (rng.standard_normal((8, 8)).astype(np.float32),)


def main(moments):
    mesh = jax.make_mesh((2, 4), ("replica", "fsdp"))
    return restore_and_export(mesh, moments)


if __name__ == "__main__":
    main(*inputs())
