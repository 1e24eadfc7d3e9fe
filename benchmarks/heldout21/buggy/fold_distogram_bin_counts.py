"""Distogram head: predicted distance-bin occupancy over the sharded pair representation."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ConfigDict(dict):
    """Attribute access over nested dicts, as in ml_collections."""

    def __getattr__(self, name):
        value = self[name]
        return ConfigDict(value) if isinstance(value, dict) else value


CONFIG = ConfigDict({
    "model": {
        "mesh": {"shape": (2, 4), "axes": ("row", "col")},
        "heads": {
            "distogram": {"num_bins": 8, "first_break": 2.3, "last_break": 21.7,
                          "row_axis": "row", "col_axis": "col"},
        },
    },
})


def distogram_occupancy(pair_logits, c=CONFIG.model.heads.distogram):
    probs = jax.nn.softmax(pair_logits, axis=-1)
    per_row = jnp.sum(probs, axis=1)
    counts = jax.lax.psum(per_row, c.col_axis)
    occupancy = jax.lax.all_gather(counts, c.col_axis, axis=0, tiled=True, to="reduced")
    return occupancy


def inputs():
    rng = np.random.default_rng(17)
    return (rng.standard_normal((16, 16, CONFIG.model.heads.distogram.num_bins)).astype(np.float32),)


def main(pair_logits):
    m = CONFIG.model.mesh
    mesh = jax.make_mesh(m.shape, m.axes)
    spec = P(*m.axes, None)
    pair_logits = jax.device_put(pair_logits, NamedSharding(mesh, spec))
    head = jax.shard_map(distogram_occupancy, mesh=mesh, in_specs=spec,
                         out_specs=P("row", None, reduced={"col"}))
    return head(pair_logits)


if __name__ == "__main__":
    print(main(*inputs()))
