"""Site-resolved norms of an MPS whose bond index is split over devices."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

N_SITES = 8
BOND_DIM = 8
PHYS_DIM = 2

PLAN = {
    "norm": {"contract": "sadb,sadb->s", "reduce": "chi", "share": "chi"},
    "weight": {"contract": "sadb->s", "reduce": "chi", "share": None},
}


class ContractionPlan:
    def __init__(self, plan):
        self.plan = plan

    def reduce(self, name, *tensors):
        step = self.plan[name]
        local = jnp.einsum(step["contract"], *tensors)
        return jax.lax.psum(local, step["reduce"])

    def share(self, name, value):
        axis = self.plan[name]["share"]
        if axis is None:
            return value
        return jax.lax.all_gather(value, axis, tiled=True, to="reduced")


def site_norms(plan):
    def body(a):
        norms = plan.reduce("norm", a, a)
        return plan.share("norm", norms)
    return body


def inputs():
    rng = np.random.default_rng(61)
    a = rng.normal(size=(N_SITES, BOND_DIM, PHYS_DIM, BOND_DIM)).astype(np.float32)
    return (a / np.sqrt(BOND_DIM),)


def main(a):
    mesh = jax.make_mesh((2, 4), ("site", "chi"))
    spec = P("site", None, None, "chi")
    a = jax.device_put(a, NamedSharding(mesh, spec))
    fn = jax.shard_map(site_norms(ContractionPlan(PLAN)), mesh=mesh, in_specs=spec,
                       out_specs=P("site", reduced={"chi"}))
    return fn(a)


if __name__ == "__main__":
    main(*inputs())
