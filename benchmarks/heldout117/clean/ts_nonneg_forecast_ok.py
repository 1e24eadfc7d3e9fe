"""Demand forecasting: non-negative point forecasts over the whole horizon.

Post-processing steps are spelled "assemble@horizon|floor=0".
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

MESH = "series:4,horizon:2"
POST = "floor=0|assemble@horizon"


def assemble(x, axis):
    return jax.lax.all_gather(x, axis, axis=1, tiled=True, to="reduced")


def floor(x, value):
    return jnp.maximum(x, float(value))


def inputs():
    rng = np.random.default_rng(65)
    return (rng.normal(0.5, 1.0, size=(16, 8)).astype(np.float32),)


def main(fc):
    items = [kv.split(":") for kv in MESH.split(",")]
    mesh = jax.make_mesh(tuple(int(v) for _, v in items), tuple(k for k, _ in items))
    fc = jax.device_put(fc, NamedSharding(mesh, P("series", "horizon")))

    def body(x):
        for step in POST.split("|"):
            if "@" in step:
                name, axis = step.split("@")
                x = assemble(x, axis)
            else:
                name, value = step.split("=")
                x = floor(x, value)
        return x

    out = jax.shard_map(body, mesh=mesh, in_specs=P("series", "horizon"),
                        out_specs=P("series", None, reduced={"horizon"}))(fc)
    print(out.shape)
    return out


if __name__ == "__main__":
    main(*inputs())
