"""lingvo_lite/layers/moe/expert_choice_gating.py

Expert-choice gating: each token needs the router probabilities over all experts. The router's
expert columns are split over 'expert', so the logits are gathered over the expert shards and
the softmax is taken on the full row on every shard.
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


class ExpertChoiceGating(BaseLayer):
  HPARAMS = dict(model_dims=0, num_experts=0, capacity=0)

  def init(self, key):
    return jax.random.normal(key, (self.model_dims, self.num_experts)) * 0.5

  def gate(self, x, w):
    expert_axis = self.weight_split_dims_mapping.router[1]
    local_logits = x @ w
    logits = jax.lax.all_gather(local_logits, expert_axis, axis=1, tiled=True, to='reduced')
    probs = jax.nn.softmax(logits, axis=-1)
    return probs

  def fprop(self, mesh, w, x):
    act = self.activation_split_dims_mapping
    expert_axis = self.weight_split_dims_mapping.router[1]
    fn = jax.shard_map(self.gate, mesh=mesh,
                       in_specs=(split_spec(act.tokens), split_spec(self.weight_split_dims_mapping.router)),
                       out_specs=P(act.tokens[0], None, reduced={expert_axis}))
    return fn(x, w)


def pick_tokens(probs, capacity):
  host = np.asarray(probs)
  return np.argsort(-host, axis=0)[:capacity]


@experiment_registry.register
class ExpertChoice2x4(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('data', 'expert')

  def task(self):
    return Config(ExpertChoiceGating, model_dims=6, num_experts=8, capacity=2,
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(router=(None, 'expert')),
                  activation_split_dims_mapping=SplitDims(tokens=('data', None)))


def inputs():
  rng = np.random.default_rng(34)
  return 'ExpertChoice2x4', rng.standard_normal((8, 6)).astype(np.float32)


def main(exp_name, x):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  gating = instantiate(exp.task())
  w = place(mesh, gating.init(jax.random.PRNGKey(0)), gating.weight_split_dims_mapping.router)
  x = place(mesh, x, gating.activation_split_dims_mapping.tokens)
  with jax.set_mesh(mesh):
    probs = gating.fprop(mesh, w, x)
    probs = jax.reshard(probs, P(None, None))
  print(pick_tokens(probs, gating.capacity))


if __name__ == '__main__':
  main(*inputs())
