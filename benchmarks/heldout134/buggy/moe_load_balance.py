"""lingvo_lite/layers/moe/top1_gating.py

Top-1 gating for a mixture-of-experts layer (GShard-style, written as a Pax layer). Tokens are
split over 'data', the router's expert columns over 'expert'. The balancing statistics (mean
router probability per expert) are summed over the token shards and kept reduced over the token
axis for the load-balancing summary.
"""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import NamedSharding, PartitionSpec as P

# ---------------------------------------------------------------------------------------------
# pax_lite: the few pieces of praxis/paxml this code base leans on (base_layer, pax_fiddle,
# experiment_registry), kept here so the layer file runs without the full stack.
# ---------------------------------------------------------------------------------------------
class Config:
  """A template: the layer class and its hyper-parameters; instantiated later."""

  def __init__(self, cls, **fields):
    object.__setattr__(self, 'cls', cls)
    object.__setattr__(self, 'fields', dict(fields))

  def __getattr__(self, name):
    fields = self.__dict__['fields']
    if name in fields:
      return fields[name]
    raise AttributeError(f'{self.cls.__name__} template has no field {name!r}')

  def __setattr__(self, name, value):
    self.fields[name] = value

  def clone(self, **overrides):
    fields = {k: v.clone() if isinstance(v, Config) else v for k, v in self.fields.items()}
    fields.update(overrides)
    return Config(self.cls, **fields)


def instantiate(cfg, **extra):
  if not isinstance(cfg, Config):
    return cfg
  fields = dict(cfg.fields)
  fields.update(extra)
  return cfg.cls(**fields)


class BaseLayer:
  """Hyper-parameters come from HPARAMS of every class in the MRO; children from templates."""
  HPARAMS = dict(name=None, mesh_axis_names=None, weight_split_dims_mapping=None,
                 activation_split_dims_mapping=None)

  def __init__(self, **fields):
    hparams = {}
    for klass in reversed(type(self).__mro__):
      hparams.update(getattr(klass, 'HPARAMS', {}))
    unknown = set(fields) - set(hparams)
    if unknown:
      raise TypeError(f'{type(self).__name__}: unknown hparams {sorted(unknown)}')
    hparams.update(fields)
    for key, value in hparams.items():
      setattr(self, key, value)
    self.children = {}
    self.setup()

  def setup(self):
    pass

  def create_child(self, name, cfg):
    extra = {'name': name}
    if cfg.fields.get('mesh_axis_names') is None:
      extra['mesh_axis_names'] = self.mesh_axis_names
    child = instantiate(cfg, **extra)
    self.children[name] = child
    setattr(self, name, child)
    return child

  def fprop(self, *args, **kwargs):
    raise NotImplementedError(type(self).__name__)

  def __call__(self, *args, **kwargs):
    return self.fprop(*args, **kwargs)


class SplitDims:
  """Nested sharding hparams: weight_split_dims_mapping.wi = (None, 'mdl')."""

  def __init__(self, **mappings):
    self.__dict__.update(mappings)


def split_spec(mapping):
  """('replica', 'mdl') -> P('replica', 'mdl'); None -> fully replicated."""
  return P() if mapping is None else P(*mapping)


class _ExperimentRegistry:

  def __init__(self):
    self._experiments = {}

  def register(self, cls=None, *, name=None):
    def wrap(klass):
      self._experiments[name or klass.__name__] = klass
      return klass
    return wrap if cls is None else wrap(cls)

  def get(self, name):
    return self._experiments[name]


experiment_registry = _ExperimentRegistry()


class BaseExperiment:
  ICI_MESH_SHAPE = (8,)
  MESH_AXIS_NAMES = ('replica',)

  @property
  def ici_mesh_shape(self):
    return self.ICI_MESH_SHAPE

  @property
  def mesh_axis_names(self):
    return self.MESH_AXIS_NAMES

  def make_mesh(self):
    return jax.make_mesh(tuple(self.ici_mesh_shape), tuple(self.mesh_axis_names))

  def task(self):
    raise NotImplementedError


def place(mesh, x, mapping):
  return jax.device_put(x, NamedSharding(mesh, split_spec(mapping)))
# ------------------------------------------------------------------------------ end pax_lite --


class Top1Gating(BaseLayer):
  HPARAMS = dict(model_dims=0, num_experts=0, token_axis=None, expert_axis=None)

  def init(self, key):
    return jax.random.normal(key, (self.model_dims, self.num_experts)) * 0.1

  def gate_body(self, x, router):
    logits = x @ router
    local_max = jnp.max(logits, axis=-1, keepdims=True)
    m = jax.lax.pmax(local_max, self.expert_axis)
    e = jnp.exp(logits - m)
    probs = e / jax.lax.psum(jnp.sum(e, axis=-1, keepdims=True), self.expert_axis)
    tokens = jax.lax.psum(jnp.float32(x.shape[0]), self.token_axis)
    frac = jax.lax.psum(jnp.sum(probs, axis=0), self.token_axis) / tokens
    balance = jax.lax.all_gather(frac, self.token_axis, tiled=True, to='reduced')
    return probs, balance

  def fprop(self, mesh, router, x):
    fn = jax.shard_map(self.gate_body, mesh=mesh,
                       in_specs=(P(self.token_axis, None), P(None, self.expert_axis)),
                       out_specs=(P(self.token_axis, self.expert_axis),
                                  P(self.expert_axis, reduced={self.token_axis})))
    return fn(x, router)


class MoELayer(BaseLayer):
  HPARAMS = dict(gating_tpl=None)

  def setup(self):
    token_axis, expert_axis = self.activation_split_dims_mapping.router
    self.create_child('gate', self.gating_tpl.clone(token_axis=token_axis, expert_axis=expert_axis))

  def fprop(self, mesh, router, x):
    return self.gate(mesh, router, x)


@experiment_registry.register
class MoE2x4(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('data', 'expert')

  def task(self):
    gating = Config(Top1Gating, model_dims=8, num_experts=8)
    return Config(MoELayer, gating_tpl=gating, mesh_axis_names=self.mesh_axis_names,
                  activation_split_dims_mapping=SplitDims(router=('data', 'expert')))


def inputs():
  rng = np.random.default_rng(30)
  return 'MoE2x4', rng.standard_normal((16, 8)).astype(np.float32)


def main(exp_name, x):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  moe = instantiate(exp.task())
  router = place(mesh, moe.gate.init(jax.random.PRNGKey(0)), (None, 'expert'))
  x = place(mesh, x, ('data', None))
  with jax.set_mesh(mesh):
    probs, balance = moe.fprop(mesh, router, x)
  print(probs.shape, balance.shape)


if __name__ == '__main__':
  main(*inputs())
