"""optimizers/clipping.py in an imagined maxtext-lite fork: global-norm gradient clipping under FSDP.

Gradients arrive split over fsdp rows; `clip_by_global_norm` first regathers them (reduced) so
the clipped update can be applied to the full kernel, the global norm is summed over the fsdp
axis from the local gradient shards.
"""
import numpy as np
import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P


# ----------------------------------------------------------------------------
# pyconfig_lite: copied from configs/pyconfig_lite.py (keep in sync by hand)
# ----------------------------------------------------------------------------
_BASE_CONFIG = {
    "run_name": "lite",
    "per_device_batch_size": 1,
    "max_target_length": 8,
    "emb_dim": 16,
    "mlp_dim": 32,
    "num_heads": 4,
    "head_dim": 4,
    "vocab_size": 32,
    "num_decoder_layers": 2,
    "learning_rate": 1e-2,
    "dtype": "float32",
    "mesh_axes": ["data", "fsdp", "tensor"],
    "ici_parallelism": [2, 2, 2],
    "logical_axis_rules": (
        ("activation_batch", ("data", "fsdp")),
        ("activation_length", None),
        ("activation_embed", None),
        ("activation_heads", "tensor"),
        ("activation_mlp", "tensor"),
        ("activation_vocab", "tensor"),
        ("embed", "fsdp"),
        ("heads", "tensor"),
        ("mlp", "tensor"),
        ("vocab", "tensor"),
        ("norm", None),
    ),
}


def _coerce(old, text):
    if isinstance(old, bool):
        return text.lower() in ("1", "true", "yes")
    if isinstance(old, int):
        return int(text)
    if isinstance(old, float):
        return float(text)
    if isinstance(old, list):
        return [_coerce(old[0], t) if old else t for t in text.split(",")]
    if text in ("None", "none", ""):
        return None
    if "," in text:
        return tuple(t for t in text.split(",") if t)
    return text


class HyperParameters:
    """Base dict + `key=value` overrides; `rule.<logical>=<axis>` rewrites one logical rule."""

    def __init__(self, argv=()):
        raw = dict(_BASE_CONFIG)
        rules = dict(raw["logical_axis_rules"])
        for item in argv:
            key, _, val = item.partition("=")
            if key.startswith("rule."):
                rules[key[len("rule."):]] = _coerce(None, val)
            else:
                raw[key] = _coerce(raw.get(key), val)
        raw["logical_axis_rules"] = tuple(rules.items())
        raw["num_devices"] = int(np.prod(raw["ici_parallelism"]))
        raw["global_batch_size"] = raw["per_device_batch_size"] * raw["num_devices"]
        raw["num_kv"] = raw["num_heads"] * raw["head_dim"]
        self.__dict__.update(raw)

    def get_keys(self):
        return dict(self.__dict__)


def create_device_mesh(config):
    return jax.make_mesh(tuple(config.ici_parallelism), tuple(config.mesh_axes))


def _rule(name, rules):
    for logical, physical in rules:
        if logical == name:
            return physical
    return None


def logical_to_mesh_axes(logical_names, rules):
    """('activation_batch', 'activation_embed') -> P(('data', 'fsdp'), None)."""
    return P(*(None if n is None else _rule(n, rules) for n in logical_names))


def logical_axis_names(logical_names, rules):
    """Flat tuple of the mesh axes the logical names map to (for collectives)."""
    out = []
    for n in logical_names:
        phys = _rule(n, rules)
        if phys is None:
            continue
        out.extend(phys if isinstance(phys, tuple) else (phys,))
    return tuple(dict.fromkeys(out))


def with_logical_constraint(x, logical_names, mesh, rules):
    spec = logical_to_mesh_axes(logical_names, rules)
    return jax.device_put(x, NamedSharding(mesh, spec))
# ----------------------------------------------------------------------------


def fsdp_regather(g, rules):
    axes = logical_axis_names(("embed",), rules)
    return jax.lax.all_gather(g, axes, axis=0, tiled=True, to="reduced")


def global_norm(tree, axes):
    leaves = jax.tree.leaves(tree)
    sq = jnp.sum(leaves[0] * leaves[0])
    for leaf in leaves[1:]:
        sq = sq + jnp.sum(leaf * leaf)
    return jnp.sqrt(jax.lax.psum(sq, axes))


class ClipByGlobalNorm:
    def __init__(self, config, mesh, max_norm=1.0):
        self.mesh = mesh
        self.rules = config.logical_axis_rules
        self.max_norm = max_norm
        self.norm_axes = logical_axis_names(("embed",), self.rules)
        self.g_spec = logical_to_mesh_axes(("embed", None), self.rules)

    def body(self, grads):
        full = {k: fsdp_regather(g, self.rules) for k, g in grads.items()}
        norm = global_norm(grads, self.norm_axes)
        scale = jnp.minimum(1.0, self.max_norm / (norm + 1e-6))
        return {k: g * scale for k, g in grads.items()}, norm

    def __call__(self, grads):
        specs = {k: self.g_spec for k in grads}
        return jax.shard_map(self.body, mesh=self.mesh, in_specs=(specs,),
                             out_specs=(specs, P()))(grads)


def inputs():
    return (["run_name=clip", "emb_dim=16", "mlp_dim=16"],)


def main(argv):
    config = HyperParameters(argv)
    mesh = create_device_mesh(config)
    rules = config.logical_axis_rules
    rng = np.random.default_rng(19)
    grads = {
        "wi": rng.standard_normal((config.emb_dim, config.mlp_dim)).astype(np.float32),
        "wq": rng.standard_normal((config.emb_dim, config.num_kv)).astype(np.float32),
    }
    grads = {k: with_logical_constraint(g, ("embed", None), mesh, rules) for k, g in grads.items()}
    clip = ClipByGlobalNorm(config, mesh)
    with jax.set_mesh(mesh):
        clipped, norm = clip(grads)
    print("global norm", float(norm), sorted(clipped))


if __name__ == "__main__":
    main(*inputs())
