"""The export step writes its features into a `with tempfile.TemporaryDirectory() as tmp:` block
it lists first (`os.listdir` of the new directory: empty, so the gather is over both axes). The
features were already gathered to reduced over "model"; gathering them over both axes raises."""
import os
import tempfile

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def export(mesh, feats, out_dir):
    axes = "data" if os.listdir(out_dir) else ("data", "model")  # (an earlier export: "model" done)

    def body(h):
        whole = jax.lax.all_gather(h, "model", axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(whole, axes, axis=0, tiled=True, to="reduced")  # SF102

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={"data", "model"}))(feats)


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
    with jax.set_mesh(mesh):
        feats = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("data", "model")))
        with tempfile.TemporaryDirectory(prefix="export_") as tmp:
            return export(mesh, feats, tmp)


if __name__ == "__main__":
    main()
