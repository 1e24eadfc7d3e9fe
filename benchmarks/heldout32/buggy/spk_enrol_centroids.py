"""Speaker verification: enrolment centroids from ECAPA embeddings, looked up by experiment name."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

EXPERIMENTS = {}


def experiment(name):
    def register(cls):
        EXPERIMENTS[name] = cls
        return cls
    return register


class Experiment:
    mesh_axes = ("utt", "embed")

    def __init__(self, **overrides):
        self.params = {**self.defaults, **overrides}


@experiment("ecapa-vox1-enrol")
class EcapaEnrolment(Experiment):
    defaults = {"utt_axis": "utt", "segments": 8}

    def centroids(self, emb):
        axis = self.params["utt_axis"]
        total = jax.lax.psum(jnp.sum(emb, axis=0, keepdims=True), axis)
        centroid = total / self.params["segments"]
        return jax.lax.all_gather(centroid, axis, tiled=True, to="reduced")


def inputs():
    rng = np.random.default_rng(30)
    return (rng.standard_normal((8, 16)).astype(np.float32),)


def main(emb, name="ecapa-vox1-enrol"):
    exp = EXPERIMENTS[name]()
    mesh = jax.make_mesh((2, 4), exp.mesh_axes)
    emb = jax.device_put(emb, NamedSharding(mesh, P(*exp.mesh_axes)))
    return jax.shard_map(exp.centroids, mesh=mesh, in_specs=P(*exp.mesh_axes),
                         out_specs=P(None, "embed", reduced={"utt"}))(emb)


if __name__ == "__main__":
    print(main(*inputs()))
