"""Two-tower scoring with a learned inverse temperature over the pooled candidate set."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class TwoTowerModel:
    data_axis = "data"

    def __init__(self, inv_temp):
        self.inv_temp = inv_temp

    def candidate_pool(self, cand):
        return jax.lax.all_gather(cand, self.data_axis, to="reduced", tiled=True)

    def score_body(self, cand, inv_temp):
        pool = self.candidate_pool(cand)
        return pool * inv_temp

    def scores(self, mesh, cand):
        spec = P(self.data_axis, None)
        cand = jax.device_put(cand, NamedSharding(mesh, spec))
        inv_temp = jax.device_put(self.inv_temp, NamedSharding(mesh, P()))
        return jax.shard_map(self.score_body, mesh=mesh, in_specs=(spec, P()),
                             out_specs=P(None, None, reduced={self.data_axis}))(cand, inv_temp)


def inputs():
    rng = np.random.default_rng(15)
    return (rng.normal(size=(32, 8)).astype(np.float32),)


def main(cand):
    mesh = jax.make_mesh((8,), (TwoTowerModel.data_axis,))
    model = TwoTowerModel(inv_temp=np.float32(20.0))
    return model.scores(mesh, cand)


if __name__ == "__main__":
    print(main(*inputs()))
