"""Item handlers looked up by item name; the composite handler finalises every item it saved."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ArrayHandler:
    def __init__(self, gather_axis, dim=0):
        self.gather_axis, self.dim = gather_axis, dim

    def save(self, x):
        return jax.lax.all_gather(x, self.gather_axis, axis=self.dim, to="reduced", tiled=True)


class CompositeHandler:
    def __init__(self, handlers, finalize_axes):
        self.handlers = handlers
        self.finalize_axes = finalize_axes

    def _finalize(self, saved):
        return jax.lax.all_gather(saved, self.finalize_axes, axis=0, to="reduced", tiled=True)

    def save(self, items):
        out = {}
        for name in sorted(items):
            out[name] = self._finalize(self.handlers[name].save(items[name]))
        return out


def inputs():
    rng = np.random.default_rng(18)
    return {"params": rng.normal(size=(8, 8)).astype(np.float32),
            "step_stats": rng.normal(size=(8, 8)).astype(np.float32)},


def main(items):
    mesh = jax.make_mesh((2, 4), ("host", "device"))
    spec = P("host", "device")
    items = jax.device_put(items, NamedSharding(mesh, spec))
    handler = CompositeHandler({"params": ArrayHandler("device", dim=1), "step_stats": ArrayHandler("device", dim=1)},
                               finalize_axes=("host", "device"))
    whole = P(None, None, reduced={"host", "device"})
    run = jax.shard_map(handler.save, mesh=mesh, in_specs=({"params": spec, "step_stats": spec},),
                        out_specs={"params": whole, "step_stats": whole})
    return run(items)


if __name__ == "__main__":
    main(*inputs())
