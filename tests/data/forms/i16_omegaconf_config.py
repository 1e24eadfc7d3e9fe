import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P
from omegaconf import OmegaConf


def build_config():
    cfg = OmegaConf.create({"sharding": {"batch": "i", "hidden": "j"}, "optim": {"lr": 0.1}})
    cfg.eval = {"axis": "j"}
    return cfg


CFG = build_config()


def evaluate(x):
    h = jnp.tanh(x) * CFG.optim.lr
    s = lax.psum(h, CFG.sharding.hidden)
    return lax.all_gather(s, CFG.eval.axis, tiled=True, to="reduced")  # SF101


def run(mesh, x):
    return jax.shard_map(evaluate, mesh=mesh, in_specs=P(CFG.sharding.batch, CFG.sharding.hidden),
                         out_specs=P("i", reduced={"j"}))(x)
