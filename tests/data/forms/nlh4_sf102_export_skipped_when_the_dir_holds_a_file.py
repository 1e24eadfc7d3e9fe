"""The export gathers over both axes only into an empty directory: this launcher first writes a
marker file into its `with tempfile.TemporaryDirectory() as tmp:` block, so `os.listdir(tmp)`
lists it and the gather is over "data" alone, which the features still vary on: legal."""
import os
import tempfile

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


def export(mesh, feats, out_dir):
    axes = "data" if os.listdir(out_dir) else ("data", "model")  # (an earlier export: "model" done)

    def body(h):
        whole = jax.lax.all_gather(h, "model", axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(whole, axes, axis=0, tiled=True, to="reduced")  # none

    return jax.shard_map(body, mesh=mesh, in_specs=P("data", "model"),
                         out_specs=P(None, None, reduced={"data", "model"}))(feats)


def main():
    mesh = jax.make_mesh((2, 4), ("data", "model"), axis_types=(jax.sharding.AxisType.Explicit,) * 2)
    with jax.set_mesh(mesh):
        feats = jax.device_put(jnp.ones((8, 16)), NamedSharding(mesh, P("data", "model")))
        with tempfile.TemporaryDirectory(prefix="export_") as tmp:
            with open(os.path.join(tmp, "MARKER"), "w") as fh:
                fh.write("busy")
            return export(mesh, feats, tmp)


if __name__ == "__main__":
    main()
