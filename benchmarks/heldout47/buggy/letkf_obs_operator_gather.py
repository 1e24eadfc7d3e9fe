"""Model equivalents of the observations (H x) for every ensemble member and region."""
import jax
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class ObservationOperator:
    def __init__(self, *, member_axis="member", region_axis="region", stride=2):
        self.member_axis = member_axis
        self.region_axis = region_axis
        self.stride = stride

    def __call__(self, state):
        hx = state[:, :: self.stride]
        by_region = jax.lax.all_gather(hx, self.region_axis, axis=1, tiled=True, to="reduced")
        return jax.lax.all_gather(by_region, (self.member_axis, self.region_axis), axis=0, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(11)
    return (rng.standard_normal((8, 32)).astype(np.float32),)


def main(state):
    mesh = jax.make_mesh((2, 4), ("member", "region"))
    h = ObservationOperator(stride=4)
    state = jax.device_put(state, NamedSharding(mesh, P("member", "region")))
    hx = jax.shard_map(h, mesh=mesh, in_specs=P("member", "region"),
                       out_specs=P(None, None, reduced={"member", "region"}))(state)
    return hx


if __name__ == "__main__":
    main(*inputs())
