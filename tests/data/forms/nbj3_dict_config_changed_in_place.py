import jax
from jax.sharding import PartitionSpec as P

TRAIN = {"axis": "j"}
EVAL = {"axis": "j"}


def retarget(cfg):
    cfg["axis"] = "i"


def make_step(mesh, train):
    train["axis"] = "i"
    axis = train["axis"]

    def step(x):
        return jax.lax.all_gather(x, axis, tiled=True, to="reduced")  # none

    return jax.shard_map(step, mesh=mesh, in_specs=P("i", None), out_specs=P(None, None, reduced={"i"}))


def make_eval(mesh, table):
    def evaluate(x):
        return jax.lax.all_gather(x, table["axis"], tiled=True, to="reduced")  # none

    return jax.shard_map(evaluate, mesh=mesh, in_specs=P("i", None), out_specs=P(None, None, reduced={"i"}))


def main(x):
    mesh = jax.make_mesh((2, 4), ("i", "j"))
    retarget(EVAL)
    return make_step(mesh, TRAIN)(x), make_eval(mesh, EVAL)(x)
