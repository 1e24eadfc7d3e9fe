"""Chess engine move ordering: candidate-move scores regrouped from games to move buckets."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P


class MoveOrderer:
    game_axis = "games"
    bucket_axis = "buckets"

    def __init__(self, mesh):
        self.mesh = mesh
        self.n = mesh.shape[self.game_axis]

    def history(self, scores):
        return jax.lax.all_gather(scores, self.game_axis, axis=0, tiled=True, to="reduced")

    def regroup(self, scores):
        return jax.lax.all_to_all(scores, self.game_axis, split_axis=1, concat_axis=0, tiled=True)

    def __call__(self, scores):
        table = self.history(scores)
        return self.regroup(table)


def inputs():
    scores = np.arange(16 * 16, dtype=np.float32).reshape(16, 16) % 13
    return (scores,)


def main(scores):
    mesh = jax.make_mesh((4, 2), (MoveOrderer.game_axis, MoveOrderer.bucket_axis))
    spec = P(MoveOrderer.game_axis, MoveOrderer.bucket_axis)
    scores = jax.device_put(scores, NamedSharding(mesh, spec))
    orderer = MoveOrderer(mesh)
    fn = jax.shard_map(orderer, mesh=mesh, in_specs=spec,
                       out_specs=P(None, (MoveOrderer.game_axis, MoveOrderer.bucket_axis)))
    return fn(scores)
