"""lingvo_lite/layers/transformers/ffn_aux.py

Feed-forward block with an activation-magnitude auxiliary loss (keeps the hidden units from
blowing up under bf16). The loss is summed over the hidden shards inside the block and then
averaged over the mesh axes the experiment lists for aux losses.
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


class AuxLoss(BaseLayer):
  HPARAMS = dict(weight=1e-3, reduce_axes=None)

  def fprop(self, hidden, shard_axis):
    energy = jax.lax.psum(jnp.sum(hidden * hidden), shard_axis)
    return self.weight * jax.lax.pmean(energy, self.reduce_axes)


class FeedForwardWithAux(BaseLayer):
  HPARAMS = dict(input_dims=0, hidden_dims=0, aux_tpl=None)

  def setup(self):
    self.create_child('aux', self.aux_tpl)

  def init(self, key):
    k1, k2 = jax.random.split(key)
    return (jax.random.normal(k1, (self.input_dims, self.hidden_dims)) * 0.3,
            jax.random.normal(k2, (self.hidden_dims, self.input_dims)) * 0.3)

  def fprop(self, mesh, wi, wo, x):
    act = self.activation_split_dims_mapping
    wt = self.weight_split_dims_mapping
    hidden_axis = wt.wi[1]

    def body(xb, wib, wob):
      hidden = jax.nn.relu(xb @ wib)
      out = jax.lax.psum(hidden @ wob, hidden_axis)
      return out, self.aux(hidden, hidden_axis)

    fn = jax.shard_map(body, mesh=mesh,
                       in_specs=(split_spec(act.inp), split_spec(wt.wi), split_spec(wt.wo)),
                       out_specs=(split_spec(act.inp), P()))
    return fn(x, wi, wo)


@experiment_registry.register
class FFNAux2x4(BaseExperiment):
  ICI_MESH_SHAPE = (2, 4)
  MESH_AXIS_NAMES = ('replica', 'mdl')

  def task(self):
    aux = Config(AuxLoss, weight=1e-2, reduce_axes=self.mesh_axis_names[:1])
    return Config(FeedForwardWithAux, input_dims=8, hidden_dims=32, aux_tpl=aux,
                  mesh_axis_names=self.mesh_axis_names,
                  weight_split_dims_mapping=SplitDims(wi=(None, 'mdl'), wo=('mdl', None)),
                  activation_split_dims_mapping=SplitDims(inp=('replica', None)))


def train_loss(y, target, aux):
  return jnp.mean((y - target) ** 2) + aux


def inputs():
  rng = np.random.default_rng(11)
  x = rng.standard_normal((8, 8)).astype(np.float32)
  return 'FFNAux2x4', x, np.tanh(x)


def main(exp_name, x, target):
  exp = experiment_registry.get(exp_name)()
  mesh = exp.make_mesh()
  layer = instantiate(exp.task())
  wi, wo = layer.init(jax.random.PRNGKey(2))
  wt = layer.weight_split_dims_mapping
  wi, wo = place(mesh, wi, wt.wi), place(mesh, wo, wt.wo)
  x = place(mesh, x, layer.activation_split_dims_mapping.inp)
  t = place(mesh, target, layer.activation_split_dims_mapping.inp)
  with jax.set_mesh(mesh):
    y, aux = layer.fprop(mesh, wi, wo, x)
    loss = train_loss(y, t, aux)
  print(float(loss), float(aux))


if __name__ == '__main__':
  main(*inputs())
