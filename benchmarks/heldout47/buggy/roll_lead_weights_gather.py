"""Per-lead-time loss weights of a multi-step fine-tuning schedule, logged as one table."""
from dataclasses import dataclass, field

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


@dataclass
class LeadTimeSchedule:
    max_lead: int = 8
    decay: float = 0.8
    axes: tuple = field(default_factory=lambda: ("lon", "ens"))

    def weighted(self, errors):
        lead = jnp.arange(errors.shape[0], dtype=errors.dtype)
        return errors * self.decay ** lead[:, None]

    def weights_table(self, errors):
        w = self.weighted(errors)
        per_lon = jax.lax.all_gather(w, self.axes[0], axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(per_lon, self.axes, axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(30)
    return (np.abs(rng.standard_normal((8, 16))).astype(np.float32),)


def main(errors):
    sched = LeadTimeSchedule()
    mesh = jax.make_mesh((2, 4), ("ens", "lon"))
    errors = jax.device_put(errors, NamedSharding(mesh, P("ens", "lon")))
    table = jax.shard_map(sched.weights_table, mesh=mesh, in_specs=P("ens", "lon"),
                          out_specs=P(None, None, reduced=set(sched.axes)))(errors)
    return table


if __name__ == "__main__":
    main(*inputs())
